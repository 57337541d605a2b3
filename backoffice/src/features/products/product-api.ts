// The products section's view of the admin ProductService: its types, query keys and the
// queries every screen shares.
import { keepPreviousData, type QueryClient, useQuery } from "@tanstack/react-query";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import type { components } from "~/lib/api/schema.gen";

type Schemas = components["schemas"];

/** AdminProductImage is an image as the admin API sends it (atelier.admin.v1.ProductImage). */
export type AdminProductImage = Schemas["atelier.admin.v1.ProductImage"];

/** AdminProduct is a product as admins see it (atelier.admin.v1.Product): revision, state, who saved it. */
export type AdminProduct = Schemas["atelier.admin.v1.Product"];

export type ProductRevision = Omit<Schemas["atelier.admin.v1.ProductRevision"], "product"> & {
  product?: AdminProduct;
};
export type FieldChange = Schemas["atelier.admin.v1.FieldChange"];
export type ProductInput = Schemas["atelier.admin.v1.ProductInput"];

/** The query key of one product, shared with the images section (ProductImages). */
export function productKey(productId: string) {
  return ["admin-product", productId] as const;
}

/** The query key prefix of every product list page. */
export const productListKey = ["admin-products"] as const;

export const categoriesKey = ["admin-product-categories"] as const;

export function revisionsKey(productId: string) {
  return ["admin-product-revisions", productId] as const;
}

/**
 * useProduct loads one product by id, archived or not. The cache holds the API's whole answer
 * ({ product }) under productKey, as the images section (ProductImages) reads and writes it.
 */
export function useProduct(productId: string) {
  const api = useApi();
  return useQuery({
    queryKey: productKey(productId),
    queryFn: async () => {
      const res = await unwrap(
        api.GET("/api/v1/admin/products/{product_id}", { params: { path: { product_id: productId } } }),
      );
      if (!res.product) throw new Error("The API answered without the product.");
      return res;
    },
    select: (res): AdminProduct => res.product ?? {},
  });
}

/** useCategories loads the categories in use, for the form's choice and the list's filter. */
export function useCategories() {
  const api = useApi();
  return useQuery({
    queryKey: categoriesKey,
    queryFn: async () => {
      const res = await unwrap(api.GET("/api/v1/admin/product-categories"));
      return res.categories ?? [];
    },
    staleTime: 60_000,
  });
}

/** The product list's status filter, as it appears in the URL, and the API's value for each. */
export const statusFilters = {
  "": { label: "All but archived", api: "PRODUCT_STATUS_FILTER_UNSPECIFIED" },
  published: { label: "Published", api: "PRODUCT_STATUS_FILTER_PUBLISHED" },
  unpublished: { label: "Unpublished (draft)", api: "PRODUCT_STATUS_FILTER_UNPUBLISHED" },
  active: { label: "Active", api: "PRODUCT_STATUS_FILTER_ACTIVE" },
  inactive: { label: "Inactive", api: "PRODUCT_STATUS_FILTER_INACTIVE" },
  archived: { label: "Archived", api: "PRODUCT_STATUS_FILTER_ARCHIVED" },
} as const;

export type StatusFilter = keyof typeof statusFilters;

export function isStatusFilter(v: string): v is StatusFilter {
  return Object.hasOwn(statusFilters, v);
}

/** The columns the API sorts by (ListProductsRequest.sort); the table's column ids are these. */
export const sortableColumns = ["name", "sku", "category", "price", "stock", "status"] as const;

/** isSortable says whether a sort read from the URL is one the API takes (others sort by default). */
function isSortable(sort: string): sort is (typeof sortableColumns)[number] {
  return (sortableColumns as readonly string[]).includes(sort);
}

export type ProductListQuery = {
  search: string;
  category: string;
  status: StatusFilter;
  sort: string;
  descending: boolean;
  page: number;
  pageSize: number;
};

/** useProductList loads one page of products; the previous page stays shown while the next loads. */
export function useProductList(q: ProductListQuery) {
  const api = useApi();
  return useQuery({
    queryKey: [...productListKey, q],
    queryFn: async () => {
      const res = await unwrap(
        api.GET("/api/v1/admin/products", {
          params: {
            query: {
              ...(q.search ? { search: q.search } : {}),
              ...(q.category ? { category: q.category } : {}),
              ...(q.status ? { status: statusFilters[q.status].api } : {}),
              ...(isSortable(q.sort) ? { sort: q.sort, descending: q.descending } : {}),
              page: q.page,
              page_size: q.pageSize,
            },
          },
        }),
      );
      return { ...res, products: res.products ?? [] };
    },
    placeholderData: keepPreviousData,
  });
}

/** productSaved puts a product the API answered with into the cache and marks the lists stale. */
export function productSaved(client: QueryClient, product: AdminProduct | undefined): void {
  if (product?.id) client.setQueryData(productKey(product.id), { product });
  void client.invalidateQueries({ queryKey: productListKey });
  void client.invalidateQueries({ queryKey: categoriesKey });
  if (product?.id) void client.invalidateQueries({ queryKey: revisionsKey(product.id) });
}

/** ProductStatus is how a product stands, in words, with its badge's tone. */
export function productStatus(p: AdminProduct): {
  label: string;
  tone: "neutral" | "good" | "warning" | "bad" | "info";
} {
  if (p.archived_at) return { label: "Archived", tone: "bad" };
  if (p.published === false) return { label: "Draft", tone: "neutral" };
  if (p.active === false) return { label: "Inactive", tone: "warning" };
  if (p.visible === false) return { label: "Published, hidden", tone: "warning" };
  return { label: "Published", tone: "good" };
}

/** thumbnailOf picks the primary image's narrowest rendition (JPEG or WebP when there is a choice). */
export function thumbnailOf(p: AdminProduct): { url: string; alt: string } | null {
  const images = p.images ?? [];
  const image = images.find((i) => i.primary) ?? images[0];
  const variants = image?.variants ?? [];
  if (!image || variants.length === 0) return null;
  const narrowest = Math.min(...variants.map((v) => v.width ?? Number.POSITIVE_INFINITY));
  const smallest = variants.filter((v) => (v.width ?? Number.POSITIVE_INFINITY) === narrowest);
  const rank = (t: string | undefined) => (t === "image/jpeg" ? 0 : t === "image/webp" ? 1 : 2);
  const pick = [...smallest].sort((a, b) => rank(a.content_type) - rank(b.content_type))[0];
  if (!pick?.url) return null;
  return { url: pick.url, alt: image.alt || p.name || "" };
}

/** attributeValue is the first value of an attribute, or "". */
export function attributeValue(p: AdminProduct, name: string): string {
  return p.attributes?.find((a) => a.name === name)?.value ?? "";
}
