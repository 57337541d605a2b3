import { type ChangeEvent, type FormEvent, useState } from "react";
import { flushSync } from "react-dom";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CheckboxField, SelectField, TextArea, TextField } from "~/components/ui/field";
import { ApiError } from "~/lib/api/errors";
import { AttributesEditor } from "./attributes-editor";
import type { ProductInput } from "./product-api";
import {
  type FormErrors,
  type FormField,
  fieldOfApi,
  formFields,
  NEW_CATEGORY,
  type ProductFormValues,
  toProductInput,
  validateProductForm,
} from "./product-form-schema";
import "./product-form.css";

export type ProductFormProps = {
  initial: ProductFormValues;
  /** The categories in use; undefined while they load. */
  categories: string[] | undefined;
  submitLabel: string;
  busy?: boolean;
  /**
   * Sends the product. A refusal with field violations (ApiError.fields) is shown on its
   * fields by the form; any other refusal is the screen's to show.
   */
  onSubmit: (input: ProductInput) => Promise<unknown>;
};

// The fields typed as text (inputs, the description and the category's select).
type TextKey = Exclude<FormField, "attributes">;

/**
 * ProductForm creates or edits a product: the zod schema checks it first (a negative price never
 * leaves the page), then the API's field violations land on their fields, and the focus moves to
 * the first field in error.
 */
export function ProductForm({ initial, categories, submitLabel, busy, onSubmit }: ProductFormProps) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});

  function set<K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
  }

  // A text field's binding: its id (focusField finds it by it), value, error and change.
  function text(key: TextKey) {
    return {
      id: `product-${key}`,
      value: values[key],
      error: errors[key],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(key, e.target.value),
    };
  }

  // A checkbox's binding.
  function check(key: "active" | "published" | "featured") {
    return {
      checked: values[key],
      onChange: (e: ChangeEvent<HTMLInputElement>) => set(key, e.target.checked),
    };
  }

  function show(next: FormErrors) {
    flushSync(() => setErrors(next));
    const first = formFields.find((f) => next[f]);
    if (first) focusField(first, values);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const checked = validateProductForm(values);
    if (!checked.ok) {
      show({ ...checked.errors, form: "The product was not saved: check the fields marked below." });
      return;
    }
    setErrors({});
    try {
      await onSubmit(toProductInput(checked.data));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        const next: FormErrors = {};
        for (const [field, text] of Object.entries(err.fields)) {
          const key = fieldOfApi(field, err.reason);
          next[key] ??= text;
        }
        next.form = next.form ? `${err.message}` : `The product was not saved: ${err.message}`;
        show(next);
      }
    }
  }

  const options = [...(categories ?? [])];
  if (initial.category && !options.includes(initial.category)) options.unshift(initial.category);

  return (
    <form className="product-form" onSubmit={submit} noValidate aria-label="Product">
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <div className="product-form__grid">
        <section className="panel" aria-labelledby="product-details-title">
          <h2 id="product-details-title">Details</h2>
          <TextField label="Name" required maxLength={200} {...text("name")} />
          <TextField label="SKU" hint="Unique in the shop; may be empty." maxLength={64} {...text("sku")} />
          <TextArea label="Description" hint="Plain text." {...text("description")} />
        </section>
        <div className="product-form__side">
          <section className="panel" aria-labelledby="product-stock-title">
            <h2 id="product-stock-title">Price and stock</h2>
            <TextField
              label="Price (£, VAT included)"
              hint="In pounds, e.g. 42.50."
              inputMode="decimal"
              required
              {...text("price")}
            />
            <TextField
              label="Stock"
              hint="Units available to order."
              inputMode="numeric"
              required
              {...text("stock")}
            />
          </section>
          <section className="panel" aria-labelledby="product-catalogue-title">
            <h2 id="product-catalogue-title">Catalogue</h2>
            <SelectField
              label="Category"
              hint={
                categories === undefined
                  ? "Loading the categories..."
                  : "The brand collection it is shown in."
              }
              {...text("category")}
            >
              <option value="">No category</option>
              {options.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
              <option value={NEW_CATEGORY}>New category...</option>
            </SelectField>
            {values.category === NEW_CATEGORY ? (
              <TextField
                label="New category's name"
                hint="Check the spelling: it becomes a collection in the shop."
                maxLength={100}
                {...text("newCategory")}
              />
            ) : null}
            <TextField label="Brand" maxLength={200} {...text("brand")} />
          </section>
          <section className="panel" aria-labelledby="product-visibility-title">
            <h2 id="product-visibility-title">Visibility</h2>
            <CheckboxField
              label="Active"
              hint="Off takes it out of the shop everywhere."
              {...check("active")}
            />
            <CheckboxField label="Published" hint="Off keeps it as a draft." {...check("published")} />
            <CheckboxField label="Featured" hint="Promoted on the home page." {...check("featured")} />
          </section>
        </div>
      </div>
      <section className="panel" aria-label="Attributes">
        <AttributesEditor
          rows={values.attributes}
          onChange={(rows) => set("attributes", rows)}
          error={errors.attributes}
          disabled={busy}
        />
      </section>
      <div className="product-form__actions">
        <Button type="submit" busy={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** focusField moves the focus to a field in error (for attributes: the first half-filled row). */
function focusField(field: FormField, values: ProductFormValues) {
  if (field === "attributes") {
    const row = values.attributes.find((r) => (r.name.trim() === "") !== (r.value.trim() === ""));
    const target = row ? document.getElementById(`${row.key}-name`) : null;
    (target ?? document.getElementById("product-attributes-add"))?.focus();
    return;
  }
  document.getElementById(`product-${field}`)?.focus();
}
