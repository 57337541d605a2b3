// Cart view models for tests: a realistic cart that each test bends to its case.
import type { CartLineView, CartView } from "~/lib/models/cart";
import type { ProductSummary } from "~/lib/models/catalog";
import { formatPence, type Price } from "~/lib/models/money";

export function price(pence: number): Price {
  return { pence, currency: "GBP", formatted: formatPence(pence) };
}

export function productSummary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  return {
    id: "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11",
    slug: "rose-serum",
    name: "Rose Serum",
    description: "A serum.",
    category: "Maison Lumière",
    price: price(4200),
    stock: 12,
    stockLevel: "in_stock",
    features: [],
    images: [],
    // As the API counts them: a list's summary carries only the first image.
    imageCount: overrides.images?.length ?? 0,
    ...overrides,
  };
}

export function cartLine(overrides: Partial<CartLineView> = {}): CartLineView {
  const product = overrides.product ?? productSummary();
  const quantity = overrides.quantity ?? 1;
  return {
    product,
    quantity,
    unitPrice: product.price,
    lineTotal: price(product.price.pence * quantity),
    exceedsStock: false,
    unavailable: false,
    ...overrides,
  };
}

export function cartView(overrides: Partial<CartView> = {}): CartView {
  const lines = overrides.lines ?? [
    cartLine({ quantity: 2 }),
    cartLine({
      product: productSummary({
        id: "5d1e3f50-2b1a-4f4e-8a59-3c0f9b7d6e21",
        slug: "moss-cleanser",
        name: "Moss Cleanser",
        category: "Verdant & Co",
        price: price(1800),
      }),
    }),
  ];
  return {
    id: "7f1c2a9e-0d4b-4c3e-9b8a-6e5d4c3b2a10",
    lines,
    itemCount: 3,
    subtotal: price(10200),
    delivery: { name: "Standard", price: price(0), freeOver: price(5000) },
    total: price(10200),
    vatIncluded: price(1700),
    ...overrides,
  };
}

/** A line whose product has left the shop: unpriced, as the API sends it. */
export function unavailableLine(overrides: Partial<CartLineView> = {}): CartLineView {
  return cartLine({
    product: productSummary({
      id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
      slug: "iris-oil",
      name: "Iris Oil",
      category: "Maison Lumière",
    }),
    quantity: 2,
    unitPrice: price(0),
    lineTotal: price(0),
    unavailable: true,
    ...overrides,
  });
}
