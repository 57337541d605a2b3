// Products as the admin API answers them, for the section's tests and stories.
import type { AdminProduct, FieldChange, ProductRevision } from "./product-api";

export const productIds = {
  creme: "5f0c2b1e-3a4d-4e5f-8a6b-7c8d9e0f1a21",
  oil: "5f0c2b1e-3a4d-4e5f-8a6b-7c8d9e0f1a22",
  serum: "5f0c2b1e-3a4d-4e5f-8a6b-7c8d9e0f1a23",
};

/** sampleProduct is a published product with an image, a category, a brand and a feature. */
export function sampleProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: productIds.creme,
    slug: "creme-lumiere",
    name: "Crème Lumière",
    description: "A rich, restorative night cream.",
    price: { currency_code: "GBP", minor_units: "8400" },
    sku: "ML-CREME-50",
    stock_quantity: 12,
    stock_level: "STOCK_LEVEL_IN_STOCK",
    active: true,
    published: true,
    featured: false,
    visible: true,
    category: "Maison Lumière",
    attributes: [
      { name: "category", value: "Maison Lumière" },
      { name: "brand", value: "Maison Lumière" },
      { name: "feature", value: "Squalane" },
    ],
    images: [
      {
        id: "9a1b2c3d-0000-4000-8000-000000000001",
        alt: "A jar of Crème Lumière",
        primary: true,
        state: "IMAGE_STATE_READY",
        variants: [
          {
            url: "https://shop.test/media/creme-400.avif",
            width: 400,
            height: 400,
            content_type: "image/avif",
          },
          {
            url: "https://shop.test/media/creme-400.jpg",
            width: 400,
            height: 400,
            content_type: "image/jpeg",
          },
          {
            url: "https://shop.test/media/creme-800.jpg",
            width: 800,
            height: 800,
            content_type: "image/jpeg",
          },
        ],
      },
    ],
    revision: "3",
    created_at: "2026-11-20T10:00:00Z",
    updated_at: "2026-11-27T16:40:00Z",
    updated_by: { account_id: "a1", display_name: "Ada Lovelace", email: "ada@atelier.test" },
    ...overrides,
  };
}

export const sampleProducts: AdminProduct[] = [
  sampleProduct(),
  sampleProduct({
    id: productIds.oil,
    slug: "rose-facial-oil",
    name: "Rose Facial Oil",
    sku: "VC-ROSE-30",
    category: "Verdant & Co",
    price: { currency_code: "GBP", minor_units: "5600" },
    stock_quantity: 3,
    published: false,
    images: [],
  }),
  sampleProduct({
    id: productIds.serum,
    slug: "overnight-serum",
    name: "Overnight Restorative Treatment with Squalane and Ceramides, 50 ml",
    sku: "",
    stock_quantity: 0,
    images: [],
    archived_at: "2026-11-26T09:00:00Z",
  }),
];

export const sampleChanges: FieldChange[] = [
  { field: "price", before: "£80.00", after: "£84.00" },
  { field: "published", before: "false", after: "true" },
  {
    field: "attributes",
    before: '[{"name":"category","value":"Maison Lumière"}]',
    after: '[{"name":"category","value":"Maison Lumière"},{"name":"feature","value":"Squalane"}]',
  },
  { field: "description", before: "", after: "A rich, restorative night cream." },
];

export const sampleRevisions: ProductRevision[] = [
  {
    revision: "3",
    action: "REVISION_ACTION_UPDATED",
    actor: { display_name: "Ada Lovelace" },
    created_at: "2026-11-27T16:40:00Z",
  },
  {
    revision: "2",
    action: "REVISION_ACTION_PUBLISHED",
    actor: { display_name: "Grace Hopper" },
    created_at: "2026-11-25T09:15:00Z",
  },
  {
    revision: "1",
    action: "REVISION_ACTION_CREATED",
    actor: { display_name: "System" },
    created_at: "2026-11-20T10:00:00Z",
  },
];
