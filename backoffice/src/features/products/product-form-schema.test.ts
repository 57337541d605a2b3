import { describe, expect, it } from "vitest";
import { sampleProduct } from "./product-fixtures";
import {
  emptyProductForm,
  fieldOfApi,
  newAttributeRow,
  productFormValues,
  validateProductForm,
} from "./product-form-schema";

describe("validateProductForm", () => {
  const valid = { ...emptyProductForm(), name: "Rose Balm", price: "10" };

  it.each([
    ["no name", { name: " " }, "name", "Enter the product's name."],
    ["a negative price", { price: "-3" }, "price", "A price cannot be negative."],
    ["a price in words", { price: "ten" }, "price", "Enter the price in pounds, e.g. 42.50."],
    ["no price", { price: "" }, "price", "Enter the price in pounds, e.g. 42.50."],
    ["negative stock", { stock: "-1" }, "stock", "Stock cannot be negative."],
    ["fractional stock", { stock: "1.5" }, "stock", "Enter a whole number of units."],
    [
      "a new category without a name",
      { category: "__new__" },
      "newCategory",
      "Enter the new category's name.",
    ],
    [
      "an attribute without its value",
      { attributes: [newAttributeRow("Size", "")] },
      "attributes",
      "Give every attribute both a name and a value, or remove it.",
    ],
  ])("refuses %s", (_case, patch, field, message) => {
    const result = validateProductForm({ ...valid, ...patch });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[field as keyof typeof result.errors]).toBe(message);
  });

  it("accepts a product and drops empty attribute rows", () => {
    const result = validateProductForm({
      ...valid,
      attributes: [newAttributeRow(), newAttributeRow("Size", "50 ml")],
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.price).toBe(1000);
  });
});

describe("productFormValues", () => {
  it("splits the category and brand from the other attributes", () => {
    const values = productFormValues(sampleProduct());
    expect(values).toMatchObject({
      price: "84.00",
      stock: "12",
      category: "Maison Lumière",
      brand: "Maison Lumière",
    });
    expect(values.attributes.map((a) => [a.name, a.value])).toEqual([["feature", "Squalane"]]);
  });
});

describe("fieldOfApi", () => {
  it.each([
    ["price_minor_units", "invalid", "price"],
    ["product.stock_quantity", "invalid", "stock"],
    ["stock", "negative_stock", "stock"],
    ["attributes", "unknown_category", "category"],
    ["attributes", "too_many_attributes", "attributes"],
    ["expected_revision", "revision_required", "form"],
  ])("puts %s (%s) on %s", (field, reason, want) => {
    expect(fieldOfApi(field, reason)).toBe(want);
  });
});
