import { type KeyboardEvent, useRef } from "react";
import { Button } from "~/components/ui/button";
import { type AttributeRow, newAttributeRow } from "./product-form-schema";

/**
 * AttributesEditor edits a product's free attributes (features and specification rows) as
 * name/value rows. It is keyboard friendly: Enter in a value adds a row below and moves to it,
 * removing a row moves the focus to the next row (or to "Add attribute"), never to nowhere.
 */
export function AttributesEditor({
  rows,
  onChange,
  error,
  disabled,
}: {
  rows: AttributeRow[];
  onChange: (rows: AttributeRow[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const focusNext = useRef<string | null>(null);

  function focusRef(key: string) {
    return (el: HTMLInputElement | null) => {
      if (el && focusNext.current === key) {
        focusNext.current = null;
        el.focus();
      }
    };
  }

  function add(after?: number) {
    const row = newAttributeRow();
    focusNext.current = row.key;
    const at = after === undefined ? rows.length : after + 1;
    onChange([...rows.slice(0, at), row, ...rows.slice(at)]);
  }

  function remove(index: number) {
    const next = rows.filter((_, i) => i !== index);
    const target = next[index] ?? next[index - 1];
    if (target) focusNext.current = target.key;
    else document.getElementById("product-attributes-add")?.focus();
    onChange(next);
  }

  function update(index: number, patch: Partial<AttributeRow>) {
    onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  }

  function onValueKey(e: KeyboardEvent<HTMLInputElement>, index: number) {
    if (e.key === "Enter") {
      e.preventDefault();
      add(index);
    }
  }

  return (
    <fieldset
      className={error ? "attributes-editor attributes-editor--invalid" : "attributes-editor"}
      aria-describedby={error ? "product-attributes-error" : "product-attributes-hint"}
    >
      <legend>Attributes</legend>
      <p className="field__hint" id="product-attributes-hint">
        Features (name <code>feature</code>, one per row) and specification rows such as Size. Enter in a
        value adds a row.
      </p>
      {rows.length > 0 ? (
        <ol className="attributes-editor__rows">
          {rows.map((row, i) => {
            const n = i + 1;
            const half = (row.name.trim() === "") !== (row.value.trim() === "");
            const invalid = Boolean(error) && half;
            return (
              <li key={row.key} className="attributes-editor__row">
                <input
                  id={`${row.key}-name`}
                  ref={focusRef(row.key)}
                  aria-label={`Attribute ${n} name`}
                  aria-invalid={invalid || undefined}
                  data-half={half || undefined}
                  value={row.name}
                  disabled={disabled}
                  placeholder="Name"
                  onChange={(e) => update(i, { name: e.target.value })}
                />
                <input
                  aria-label={`Attribute ${n} value`}
                  aria-invalid={invalid || undefined}
                  value={row.value}
                  disabled={disabled}
                  placeholder="Value"
                  onChange={(e) => update(i, { value: e.target.value })}
                  onKeyDown={(e) => onValueKey(e, i)}
                />
                <Button
                  variant="quiet"
                  disabled={disabled}
                  aria-label={`Remove attribute ${n}${row.name ? ` (${row.name})` : ""}`}
                  onClick={() => remove(i)}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="attributes-editor__none">No other attributes.</p>
      )}
      {error ? (
        <p className="field__error" id="product-attributes-error">
          {error}
        </p>
      ) : null}
      <Button id="product-attributes-add" variant="secondary" disabled={disabled} onClick={() => add()}>
        Add attribute
      </Button>
    </fieldset>
  );
}
