import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { PageHeader } from "~/components/ui/page-header";
import { ErrorState, LoadingState } from "~/components/ui/states";
import { StatusBadge } from "~/components/ui/status-badge";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { formatDateTime } from "~/lib/format";
import {
  type AdminProduct,
  type ProductInput,
  productSaved,
  productStatus,
  useCategories,
  useProduct,
} from "./product-api";
import { ProductForm } from "./product-form";
import { productFormValues } from "./product-form-schema";
import { ConcurrencyAlert, isConcurrencyRefusal } from "./stale-alert";
import "./products.css";

/**
 * ProductEditScreen edits a product. Every write names the revision the form was loaded at and
 * the stock as loaded (stock_quantity_was), so a save over someone else's, or over orders'
 * stock changes, is refused and explained instead of overwriting them.
 */
export default function ProductEditScreen() {
  const { productId = "" } = useParams();
  const product = useProduct(productId);
  const categories = useCategories();

  if (product.isPending) return <LoadingState label="Loading the product..." />;
  if (product.isError) {
    return (
      <>
        <PageHeader title="Product" description={<Link to="/products">Back to products</Link>} />
        <ErrorState error={product.error} onRetry={() => void product.refetch()} />
      </>
    );
  }
  return (
    <Editor
      product={product.data}
      categories={categories.data}
      reload={async () => {
        await product.refetch();
      }}
    />
  );
}

function Editor({
  product,
  categories,
  reload,
}: {
  product: AdminProduct;
  categories: string[] | undefined;
  reload: () => Promise<void>;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useToast();
  const productId = product.id ?? "";
  const revision = product.revision ?? "0";
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [failure, setFailure] = useState<Error | null>(null);
  const [reloading, setReloading] = useState(false);
  const [confirmArchive, setConfirmArchive] = useState(false);
  // The form starts again from the product as loaded whenever the product is reloaded or saved.
  const [formKey, setFormKey] = useState(0);

  function refused(err: Error) {
    if (err instanceof ApiError && isConcurrencyRefusal(err)) {
      setRefusal(err);
      setFailure(null);
    } else if (!(err instanceof ApiError && Object.keys(err.fields).length > 0)) {
      setFailure(err);
    }
  }

  const save = useMutation({
    mutationFn: async (input: ProductInput) => {
      const res = await unwrap(
        api.PATCH("/api/v1/admin/products/{product_id}", {
          params: { path: { product_id: productId }, query: { expected_revision: revision } },
          body: { ...input, stock_quantity_was: product.stock_quantity ?? 0 },
        }),
      );
      return res.product as AdminProduct | undefined;
    },
    onMutate: () => {
      setRefusal(null);
      setFailure(null);
    },
    onSuccess: (saved) => {
      productSaved(queryClient, saved);
      setFormKey((k) => k + 1);
      notify("Product saved");
    },
    onError: refused,
  });

  const archive = useMutation({
    mutationFn: async () => {
      const res = await unwrap(
        api.DELETE("/api/v1/admin/products/{product_id}", {
          params: { path: { product_id: productId }, query: { expected_revision: revision } },
        }),
      );
      return res.product as AdminProduct | undefined;
    },
    onSuccess: (archived) => {
      productSaved(queryClient, archived);
      setConfirmArchive(false);
      notify(`${product.name || "Product"} archived`);
      navigate("/products");
    },
    onError: (err) => {
      setConfirmArchive(false);
      refused(err);
    },
  });

  async function onReload() {
    setReloading(true);
    try {
      await reload();
      setRefusal(null);
      setFormKey((k) => k + 1);
    } finally {
      setReloading(false);
    }
  }

  const status = productStatus(product);
  const archived = Boolean(product.archived_at);
  return (
    <>
      <PageHeader
        title={product.name || "Untitled product"}
        description={
          <>
            <StatusBadge tone={status.tone}>{status.label}</StatusBadge>{" "}
            <span>
              Revision {revision}
              {product.updated_at ? `, saved ${formatDateTime(product.updated_at)}` : ""}
              {product.updated_by?.display_name ? ` by ${product.updated_by.display_name}` : ""}
            </span>{" "}
            · <Link to="/products">Back to products</Link>
          </>
        }
        actions={
          <>
            <Link className="button button--secondary" to={`/products/${productId}/history`}>
              History
            </Link>
            {archived ? null : (
              <Button variant="danger" onClick={() => setConfirmArchive(true)}>
                Archive
              </Button>
            )}
          </>
        }
      />
      {archived ? (
        <Alert tone="info" title="Archived">
          This product was archived on {formatDateTime(product.archived_at)}: it is out of the shop and stays
          on past orders. Restore an earlier revision from its{" "}
          <Link to={`/products/${productId}/history`}>history</Link> to bring it back.
        </Alert>
      ) : null}
      {refusal ? <ConcurrencyAlert error={refusal} onReload={onReload} reloading={reloading} /> : null}
      {failure ? <Alert>{failure.message}</Alert> : null}
      <ProductForm
        key={`${revision}-${formKey}`}
        initial={productFormValues(product)}
        categories={categories}
        submitLabel="Save product"
        busy={save.isPending}
        onSubmit={(input) => save.mutateAsync(input)}
      />
      <section className="panel product-images" aria-labelledby="product-images-title">
        <h2 id="product-images-title">Images</h2>
        {/* ProductImages is wired in here by the lead */}
      </section>
      <ConfirmDialog
        open={confirmArchive}
        title={`Archive ${product.name || "this product"}?`}
        confirmLabel="Archive product"
        busy={archive.isPending}
        onConfirm={() => archive.mutate()}
        onCancel={() => setConfirmArchive(false)}
      >
        It leaves the shop, the lists and new carts at once, and stays on past orders. Restoring an earlier
        revision brings it back.
      </ConfirmDialog>
    </>
  );
}
