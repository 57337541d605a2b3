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
import { ProductImages } from "./images/product-images";
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
        const fresh = await product.refetch();
        if (fresh.error) throw fresh.error;
        return fresh.data ?? product.data;
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
  reload: () => Promise<AdminProduct>;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useToast();
  const productId = product.id ?? "";
  // The product as the form was filled from it: writes name its revision and its stock, whatever
  // a later refetch put in the cache, so a save never silently lays over changes made since.
  const [loaded, setLoaded] = useState(product);
  if (product.revision !== loaded.revision && sameFormFields(product, loaded)) {
    // A revision that changed nothing the form holds (the images section's changes): the form
    // moves on to it, keeping the stock as loaded and the admin's edits.
    setLoaded({ ...product, stock_quantity: loaded.stock_quantity });
  }
  const revision = loaded.revision ?? "0";
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
          body: { ...input, stock_quantity_was: loaded.stock_quantity ?? 0 },
        }),
      );
      return res.product;
    },
    onMutate: () => {
      setRefusal(null);
      setFailure(null);
    },
    onSuccess: (saved) => {
      productSaved(queryClient, saved);
      if (saved) setLoaded(saved);
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
      return res.product;
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
      setLoaded(await reload());
      setRefusal(null);
      setFormKey((k) => k + 1);
    } catch (err) {
      setFailure(err instanceof Error ? err : new Error("The product could not be reloaded."));
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
              Revision {product.revision}
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
      {!refusal && product.revision !== loaded.revision ? (
        <Alert tone="info" title="A newer revision exists">
          This product was saved again (revision {product.revision}) since this form was filled. Saving now
          will be refused: reload it first.
          <Button variant="secondary" busy={reloading} onClick={onReload}>
            Reload
          </Button>
        </Alert>
      ) : null}
      {refusal ? <ConcurrencyAlert error={refusal} onReload={onReload} reloading={reloading} /> : null}
      {failure ? <Alert>{failure.message}</Alert> : null}
      <ProductForm
        key={formKey}
        initial={productFormValues(loaded)}
        categories={categories}
        submitLabel="Save product"
        busy={save.isPending}
        onSubmit={(input) => save.mutateAsync(input)}
      />
      <ProductImages productId={product.id ?? productId} />
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

/** sameFormFields reports whether two states of a product agree on every field the form edits. */
function sameFormFields(a: AdminProduct, b: AdminProduct): boolean {
  const fields = (p: AdminProduct) =>
    JSON.stringify([
      p.name,
      p.description,
      p.price?.minor_units,
      p.sku,
      p.active,
      p.published,
      p.featured,
      p.archived_at,
      (p.attributes ?? []).map((x) => [x.name, x.value]),
    ]);
  return fields(a) === fields(b);
}
