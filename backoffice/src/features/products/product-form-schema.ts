// The product form's schema: what the form checks before the API does, and how its text
// fields become the API's ProductInput (pounds to integer pence, never a float).

import { z } from "zod";
import { penceFromPounds, poundsFromPence } from "~/lib/money-input";
import type { AdminProduct, ProductInput } from "./product-api";

/** The category select's value that asks for a new category's name. */
export const NEW_CATEGORY = "__new__";

export type AttributeRow = { key: string; name: string; value: string };

/** ProductFormValues is the form as typed: text for numbers, so nothing is lost while editing. */
export type ProductFormValues = {
  name: string;
  sku: string;
  price: string;
  stock: string;
  category: string;
  newCategory: string;
  brand: string;
  description: string;
  active: boolean;
  published: boolean;
  featured: boolean;
  attributes: AttributeRow[];
};

/** The form's fields in screen order: the first one in error takes the focus. */
export const formFields = [
  "name",
  "sku",
  "price",
  "stock",
  "category",
  "newCategory",
  "brand",
  "description",
  "attributes",
] as const;

export type FormField = (typeof formFields)[number];
export type FormErrors = Partial<Record<FormField | "form", string>>;

const MAX_PENCE = 100_000_000;
const MAX_STOCK = 1_000_000;

const price = z
  .string()
  .trim()
  .refine((s) => s !== "", "Enter the price in pounds, e.g. 42.50.")
  .refine((s) => !s.startsWith("-"), "A price cannot be negative.")
  .refine(
    (s) => s === "" || s.startsWith("-") || penceFromPounds(s) !== null,
    "Enter the price in pounds, e.g. 42.50.",
  )
  .refine((s) => (penceFromPounds(s) ?? 0) <= MAX_PENCE, "A price is at most £1,000,000.00.")
  .transform((s) => penceFromPounds(s) ?? 0);

const stock = z
  .string()
  .trim()
  .refine((s) => s !== "", "Enter the units in stock (0 or more).")
  .refine((s) => !s.startsWith("-"), "Stock cannot be negative.")
  .refine((s) => s === "" || s.startsWith("-") || /^\d+$/.test(s), "Enter a whole number of units.")
  .refine((s) => Number(s) <= MAX_STOCK, "Stock is at most 1,000,000 units.")
  .transform((s) => Number(s));

export const productFormSchema = z
  .object({
    name: z.string().trim().min(1, "Enter the product's name.").max(200, "A name is at most 200 characters."),
    sku: z.string().trim().max(64, "A SKU is at most 64 characters."),
    price,
    stock,
    category: z.string(),
    newCategory: z.string().trim().max(100, "A category is at most 100 characters."),
    brand: z.string().trim().max(200, "A brand is at most 200 characters."),
    description: z.string().max(20_000, "A description is at most 20,000 characters."),
    active: z.boolean(),
    published: z.boolean(),
    featured: z.boolean(),
    attributes: z.array(z.object({ key: z.string(), name: z.string().trim(), value: z.string().trim() })),
  })
  .superRefine((v, ctx) => {
    if (v.category === NEW_CATEGORY && v.newCategory === "") {
      ctx.addIssue({ code: "custom", path: ["newCategory"], message: "Enter the new category's name." });
    }
    const half = v.attributes.find((a) => (a.name === "") !== (a.value === ""));
    if (half) {
      ctx.addIssue({
        code: "custom",
        path: ["attributes"],
        message: "Give every attribute both a name and a value, or remove it.",
      });
    }
    if (v.attributes.length > 98) {
      ctx.addIssue({
        code: "custom",
        path: ["attributes"],
        message: "A product has at most 100 attributes.",
      });
    }
  });

export type ParsedProductForm = z.output<typeof productFormSchema>;

/** validateProductForm checks the form; it answers the input or the errors by field. */
export function validateProductForm(
  values: ProductFormValues,
): { ok: true; data: ParsedProductForm } | { ok: false; errors: FormErrors } {
  const parsed = productFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as FormField;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * toProductInput writes the form as the API's ProductInput: every field, the category and brand
 * as the first attributes, and `new_category` when the admin chose to add one.
 */
export function toProductInput(data: ParsedProductForm): ProductInput {
  const category = data.category === NEW_CATEGORY ? data.newCategory : data.category;
  const attributes = [
    ...(category ? [{ name: "category", value: category }] : []),
    ...(data.brand ? [{ name: "brand", value: data.brand }] : []),
    ...data.attributes
      .filter((a) => a.name !== "" && a.value !== "")
      .map(({ name, value }) => ({ name, value })),
  ];
  return {
    name: data.name,
    sku: data.sku,
    description: data.description,
    price_minor_units: String(data.price),
    stock_quantity: data.stock,
    active: data.active,
    published: data.published,
    featured: data.featured,
    attributes: { attributes },
    ...(data.category === NEW_CATEGORY ? { new_category: true } : {}),
  };
}

let rowCounter = 0;

/** newAttributeRow is an empty attribute row with a key of its own (for React and focus). */
export function newAttributeRow(name = "", value = ""): AttributeRow {
  rowCounter += 1;
  return { key: `attr-${rowCounter}`, name, value };
}

/** The defaults of a new product (PRODUCT.md: active and published, not featured). */
export function emptyProductForm(): ProductFormValues {
  return {
    name: "",
    sku: "",
    price: "",
    stock: "0",
    category: "",
    newCategory: "",
    brand: "",
    description: "",
    active: true,
    published: true,
    featured: false,
    attributes: [],
  };
}

/** productFormValues fills the form from a product as loaded. */
export function productFormValues(p: AdminProduct): ProductFormValues {
  const attrs = p.attributes ?? [];
  const categoryAttr = attrs.find((a) => a.name === "category");
  const brandAttr = attrs.find((a) => a.name === "brand");
  return {
    name: p.name ?? "",
    sku: p.sku ?? "",
    price: p.price?.minor_units !== undefined ? poundsFromPence(Number(p.price.minor_units)) : "",
    stock: String(p.stock_quantity ?? 0),
    category: categoryAttr?.value ?? "",
    newCategory: "",
    brand: brandAttr?.value ?? "",
    description: p.description ?? "",
    active: p.active ?? true,
    published: p.published ?? true,
    featured: p.featured ?? false,
    attributes: attrs
      .filter((a) => a !== categoryAttr && a !== brandAttr)
      .map((a) => newAttributeRow(a.name ?? "", a.value ?? "")),
  };
}

/**
 * fieldOfApi names the form field an API field violation belongs to. The API names the
 * request's fields (snake_case, sometimes under `product.`) or the domain's (price, stock).
 */
export function fieldOfApi(field: string, reason: string): FormField | "form" {
  const f = field.replace(/^product\./, "").replace(/^attributes\..*$/, "attributes");
  if (reason === "unknown_category") return "category";
  switch (f) {
    case "name":
    case "sku":
    case "description":
    case "attributes":
      return f;
    case "price":
    case "price_minor_units":
      return "price";
    case "stock":
    case "stock_quantity":
      return "stock";
    case "new_category":
      return "category";
    default:
      return "form";
  }
}
