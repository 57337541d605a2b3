import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { Alert } from "~/components/ui/alert";
import { PageHeader } from "~/components/ui/page-header";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { type ProductInput, productSaved, useCategories } from "./product-api";
import { ProductForm } from "./product-form";
import { emptyProductForm } from "./product-form-schema";
import "./products.css";

/** ProductNewScreen creates a product, then opens it for editing (and for its images). */
export default function ProductNewScreen() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useToast();
  const categories = useCategories();
  const create = useMutation({
    mutationFn: async (input: ProductInput) => {
      const res = await unwrap(api.POST("/api/v1/admin/products", { body: input }));
      return res.product;
    },
    onSuccess: (product) => {
      productSaved(queryClient, product);
      notify(`${product?.name ?? "Product"} created`);
      if (product?.id) navigate(`/products/${product.id}`);
    },
  });
  const failure =
    create.error instanceof ApiError && Object.keys(create.error.fields).length > 0 ? null : create.error;

  return (
    <>
      <PageHeader title="New product" description={<Link to="/products">Back to products</Link>} />
      {failure ? <Alert>{failure.message}</Alert> : null}
      <ProductForm
        initial={emptyProductForm()}
        categories={categories.data}
        submitLabel="Create product"
        busy={create.isPending}
        onSubmit={(input) => create.mutateAsync(input)}
      />
      <p className="product-note">Images can be added once the product is created.</p>
    </>
  );
}
