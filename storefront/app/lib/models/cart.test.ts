import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { CartSchema } from "~/gen/atelier/store/v1/cart_pb";
import { cartLine, cartView, unavailableLine } from "~/lib/models/cart.fixtures";
import { cartBlocksCheckout, hasUnavailableLines, normalizeQuantity, nothingToBuy, toCartView } from "./cart";

describe("normalizeQuantity", () => {
  it.each([
    ["3", 10, 3],
    ["0", 10, 1],
    ["-4", 10, 1],
    ["", 10, 1],
    ["abc", 10, 1],
    [" 2 ", 10, 2],
    ["2.9", 10, 2],
    ["99", 5, 5],
    [undefined, 5, 1],
    [null, 5, 1],
    [7, 5, 5],
  ])("turns %j with stock %i into %i", (raw, max, expected) => {
    expect(normalizeQuantity(raw, max)).toBe(expected);
  });

  it("still allows 1 when the stock is gone, so the line can be kept until removed", () => {
    expect(normalizeQuantity("4", 0)).toBe(1);
  });
});

describe("toCartView", () => {
  it("keeps the API's amounts and leaves out lines without a product", () => {
    const view = toCartView(
      create(CartSchema, {
        id: "c1",
        itemCount: 2,
        subtotal: { currencyCode: "GBP", minorUnits: 8400n },
        total: { currencyCode: "GBP", minorUnits: 8400n },
        vatIncluded: { currencyCode: "GBP", minorUnits: 1400n },
        delivery: {
          code: "standard",
          name: "Standard",
          price: { currencyCode: "GBP", minorUnits: 0n },
          freeOver: { currencyCode: "GBP", minorUnits: 5000n },
        },
        lines: [
          {
            product: {
              id: "p1",
              name: "Rose Serum",
              price: { currencyCode: "GBP", minorUnits: 4200n },
              stockQuantity: 1,
            },
            quantity: 2,
            unitPrice: { currencyCode: "GBP", minorUnits: 4200n },
            lineTotal: { currencyCode: "GBP", minorUnits: 8400n },
            exceedsStock: true,
          },
          { quantity: 1 },
        ],
      }),
    );
    expect(view.lines).toHaveLength(1);
    expect(view.lines[0]).toMatchObject({
      quantity: 2,
      exceedsStock: true,
      lineTotal: { formatted: "£84.00" },
    });
    expect(view.delivery).toEqual({
      name: "Standard",
      price: { pence: 0, currency: "GBP", formatted: "£0.00" },
      freeOver: { pence: 5000, currency: "GBP", formatted: "£50.00" },
    });
    expect(view.vatIncluded.formatted).toBe("£14.00");
  });

  it("keeps a line whose product left the shop, flagged, as the API sends it", () => {
    const view = toCartView(
      create(CartSchema, {
        id: "c1",
        lines: [
          {
            product: { id: "p1", name: "Iris Oil", price: { currencyCode: "GBP", minorUnits: 3000n } },
            quantity: 2,
            unitPrice: { currencyCode: "GBP", minorUnits: 0n },
            lineTotal: { currencyCode: "GBP", minorUnits: 0n },
            unavailable: true,
          },
          { product: { id: "p2", name: "Rose Serum" }, quantity: 1 },
        ],
      }),
    );
    expect(view.lines.map((l) => [l.product.name, l.unavailable])).toEqual([
      ["Iris Oil", true],
      ["Rose Serum", false],
    ]);
  });

  it("has no delivery when the API sends none (empty cart)", () => {
    expect(toCartView(create(CartSchema, { id: "c1" })).delivery).toBeNull();
  });
});

describe("cartBlocksCheckout", () => {
  it("is true only when a line asks for more than the stock", () => {
    expect(cartBlocksCheckout(cartView())).toBe(false);
    expect(cartBlocksCheckout(cartView({ lines: [cartLine(), cartLine({ exceedsStock: true })] }))).toBe(
      true,
    );
  });
});

describe("hasUnavailableLines and nothingToBuy", () => {
  it("tell a cart with some, or only, lines whose product left the shop", () => {
    expect(hasUnavailableLines(cartView())).toBe(false);
    expect(nothingToBuy(cartView())).toBe(false);
    const mixed = cartView({ lines: [cartLine(), unavailableLine()] });
    expect(hasUnavailableLines(mixed)).toBe(true);
    expect(nothingToBuy(mixed)).toBe(false);
    const gone = cartView({ lines: [unavailableLine()] });
    expect(hasUnavailableLines(gone)).toBe(true);
    expect(nothingToBuy(gone)).toBe(true);
    expect(nothingToBuy(cartView({ lines: [] }))).toBe(true);
  });
});
