// API answers and view models for the checkout and order tests: a realistic cart, the five
// delivery options, test payment mode, and an order as the API returns it.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Cart, CartSchema } from "~/gen/atelier/store/v1/cart_pb";
import {
  type GetCheckoutConfigResponse,
  GetCheckoutConfigResponseSchema,
  PaymentMode,
  type QuoteCheckoutResponse,
  QuoteCheckoutResponseSchema,
} from "~/gen/atelier/store/v1/checkout_service_pb";
import { type Order, OrderSchema, OrderStatus } from "~/gen/atelier/store/v1/order_pb";
import { MoneySchema } from "~/gen/atelier/type/v1/money_pb";
import { toCartView } from "~/lib/models/cart";
import type { CheckoutPageData, DeliveryChoice } from "~/lib/models/checkout";
import { toPrice } from "~/lib/models/money";

export const cartId = "7f1c2a9e-0d4b-4c3e-9b8a-6e5d4c3b2a10";
export const orderId = "3c9e5d2a-1b4f-4a6e-8c7d-9e0f1a2b3c4d";
export const mediaOrigin = "http://media.test:8080";

const gbp = (pence: number) => create(MoneySchema, { currencyCode: "GBP", minorUnits: BigInt(pence) });

/** A message's fields as plain values (what `create` takes), to override a fixture's. */
type Init<T extends Parameters<typeof create>[0]> = Exclude<MessageInitShape<T>, { $typeName: string }>;

export function apiCart(overrides: Init<typeof CartSchema> = {}): Cart {
  return create(CartSchema, {
    id: cartId,
    lines: [
      {
        product: {
          id: "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11",
          slug: "rose-serum",
          name: "Rose Serum",
          price: gbp(2200),
          stockQuantity: 12,
          images: [
            {
              id: "i1",
              url: `${mediaOrigin}/media/rose-800.webp`,
              alt: "Rose Serum",
              primary: true,
              width: 800,
              height: 800,
            },
          ],
        },
        quantity: 1,
        unitPrice: gbp(2200),
        lineTotal: gbp(2200),
      },
      {
        product: {
          id: "5d1e3f50-2b1a-4f4e-8a59-3c0f9b7d6e21",
          slug: "moss-cleanser",
          name: "Moss Cleanser",
          price: gbp(1200),
          stockQuantity: 4,
        },
        quantity: 1,
        unitPrice: gbp(1200),
        lineTotal: gbp(1200),
      },
    ],
    itemCount: 2,
    subtotal: gbp(3400),
    delivery: { code: "standard", name: "Standard", price: gbp(1735), freeOver: gbp(5000) },
    total: gbp(5135),
    vatIncluded: gbp(856),
    ...overrides,
  });
}

const options = [
  {
    code: "standard",
    name: "Standard",
    price: gbp(1735),
    carrier: "Royal Mail",
    estimatedDelivery: "5–7 working days",
    freeOver: gbp(5000),
  },
  { code: "express", name: "Express", price: gbp(2499), carrier: "DPD", estimatedDelivery: "3–4 days" },
  { code: "priority", name: "Priority", price: gbp(3250), carrier: "Hermes", estimatedDelivery: "2–3 days" },
  {
    code: "next-day",
    name: "Next Day",
    price: gbp(4524),
    carrier: "DHL",
    estimatedDelivery: "Next working day if ordered before 2pm",
  },
  {
    code: "premium",
    name: "Premium",
    price: gbp(5976),
    carrier: "FedEx",
    estimatedDelivery: "By 10am next working day if ordered before 4pm",
  },
];

// The API's quote for the cart above (subtotal £34.00): each option's charge, and the total and
// VAT the order would have with it, as backend/internal/checkout prices them.
const quotes = [
  { code: "standard", charge: 1735, total: 5135, vat: 856 },
  { code: "express", charge: 2499, total: 5899, vat: 983 },
  { code: "priority", charge: 3250, total: 6650, vat: 1108 },
  { code: "next-day", charge: 4524, total: 7924, vat: 1321 },
  { code: "premium", charge: 5976, total: 9376, vat: 1563 },
];

export function apiCheckoutQuote(): QuoteCheckoutResponse {
  return create(QuoteCheckoutResponseSchema, {
    subtotal: gbp(3400),
    subtotalVatIncluded: gbp(567),
    deliveryQuotes: quotes.map((q) => ({
      option: options.find((o) => o.code === q.code),
      deliveryPrice: gbp(q.charge),
      total: gbp(q.total),
      vatIncluded: gbp(q.vat),
    })),
  });
}

export function apiCheckoutConfig(mode: PaymentMode = PaymentMode.TEST): GetCheckoutConfigResponse {
  return create(GetCheckoutConfigResponseSchema, {
    paymentMode: mode,
    stripePublishableKey: mode === PaymentMode.STRIPE ? "pk_test_123" : "",
    countries: [
      { code: "GB", name: "United Kingdom" },
      { code: "FR", name: "France" },
      { code: "DE", name: "Germany" },
    ],
    defaultCountryCode: "GB",
  });
}

export function deliveryChoices(): DeliveryChoice[] {
  return quotes.map((q) => {
    const o = options.find((option) => option.code === q.code)!;
    return {
      code: o.code,
      name: o.name,
      carrier: o.carrier,
      estimatedDelivery: o.estimatedDelivery,
      freeOver: o.freeOver ? toPrice(o.freeOver) : null,
      charge: toPrice(gbp(q.charge)),
      total: toPrice(gbp(q.total)),
      vatIncluded: toPrice(gbp(q.vat)),
    };
  });
}

/** What the checkout loader gives the page for the cart above, in test payment mode. */
export function checkoutPage(overrides: Partial<CheckoutPageData> = {}): CheckoutPageData {
  return {
    cart: toCartView(apiCart()),
    accountEmail: null,
    deliveryOptions: deliveryChoices(),
    withoutDelivery: { delivery: toPrice(gbp(0)), total: toPrice(gbp(3400)), vatIncluded: toPrice(gbp(567)) },
    defaultDelivery: "standard",
    countries: [
      { code: "GB", name: "United Kingdom" },
      { code: "FR", name: "France" },
    ],
    defaultCountry: "GB",
    payment: { mode: "test" },
    idempotencyKey: "key-from-the-loader-0001",
    ...overrides,
  };
}

export const placedAt = new Date("2026-05-12T13:05:00Z");

export function apiOrder(overrides: Init<typeof OrderSchema> = {}): Order {
  return create(OrderSchema, {
    id: orderId,
    number: "AL-7K3F9Q2M",
    status: OrderStatus.PAID,
    email: "iris@example.com",
    shippingAddress: {
      firstName: "Iris",
      lastName: "Fairweather",
      addressLine1: "1 Bond Street",
      addressLine2: "Flat 2",
      city: "London",
      postcode: "W1S 1AA",
      countryCode: "GB",
    },
    billingAddress: {
      firstName: "Iris",
      lastName: "Fairweather",
      addressLine1: "1 Bond Street",
      city: "London",
      postcode: "W1S 1AA",
      countryCode: "GB",
    },
    billingDiffers: false,
    delivery: {
      code: "standard",
      name: "Standard",
      carrier: "Royal Mail",
      estimatedDelivery: "5–7 working days",
      price: gbp(1735),
    },
    requiresSignature: true,
    lines: [
      {
        productId: "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11",
        name: "Rose Serum",
        sku: "ML-ROSE-30",
        quantity: 1,
        unitPrice: gbp(2200),
        lineTotal: gbp(2200),
        imageUrl: `${mediaOrigin}/media/rose-800.webp`,
        productSlug: "rose-serum",
      },
      {
        productId: "5d1e3f50-2b1a-4f4e-8a59-3c0f9b7d6e21",
        name: "Moss Cleanser",
        sku: "VC-MOSS",
        quantity: 1,
        unitPrice: gbp(1200),
        lineTotal: gbp(1200),
      },
    ],
    subtotal: gbp(3400),
    vatIncluded: gbp(856),
    total: gbp(5135),
    itemCount: 2,
    history: [
      { status: OrderStatus.PENDING_PAYMENT, at: timestampFromDate(placedAt) },
      { status: OrderStatus.PAID, at: timestampFromDate(new Date(placedAt.getTime() + 60_000)) },
    ],
    createdAt: timestampFromDate(placedAt),
    ...overrides,
  });
}
