import type { ReactNode } from "react";
import { formatDateTime } from "~/lib/format";
import type { FieldChange } from "./product-api";

const labels: Record<string, string> = {
  name: "Name",
  description: "Description",
  price: "Price",
  sku: "SKU",
  stock: "Stock",
  active: "Active",
  published: "Published",
  featured: "Featured",
  attributes: "Attributes",
  images: "Images",
  archived: "Archived",
  slug: "Web address",
};

type Pair = { name?: string; value?: string };
type Image = { id?: string; alt?: string; primary?: boolean };

function parseList(text: string | undefined): unknown[] | null {
  if (!text?.startsWith("[")) return null;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

/** valueInWords writes one side of a change for people: yes/no, dates, lists as lists. */
export function valueInWords(field: string, text: string | undefined): ReactNode {
  const t = text ?? "";
  if (field === "active" || field === "published" || field === "featured") {
    return t === "true" ? "Yes" : t === "false" ? "No" : t;
  }
  if (field === "archived") return t ? `Archived ${formatDateTime(t)}` : "Not archived";
  if (field === "attributes") {
    const list = parseList(t) as Pair[] | null;
    if (list) {
      if (list.length === 0) return <span className="revision-diff__none">No attributes</span>;
      return (
        <ul>
          {list.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a revision's list never changes
            <li key={i}>
              {a.name}: {a.value}
            </li>
          ))}
        </ul>
      );
    }
  }
  if (field === "images") {
    const list = parseList(t) as Image[] | null;
    if (list) {
      if (list.length === 0) return <span className="revision-diff__none">No images</span>;
      return (
        <ol>
          {list.map((img, i) => (
            <li key={img.id ?? i}>
              {img.alt || "No alt text"}
              {img.primary ? " (primary)" : ""}
            </li>
          ))}
        </ol>
      );
    }
  }
  if (t === "") return <span className="revision-diff__none">(empty)</span>;
  return t;
}

/**
 * RevisionDiff shows what a revision changed, field by field, before and after, in words (lists
 * as lists, flags as yes/no), not as the API's raw text.
 */
export function RevisionDiff({ changes, caption }: { changes: FieldChange[]; caption: string }) {
  if (changes.length === 0) return <p className="revision-diff__none">No field changed.</p>;
  return (
    <table className="revision-diff">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => {
          const field = c.field ?? "";
          return (
            <tr key={field}>
              <th scope="row">{labels[field] ?? field}</th>
              <td>{valueInWords(field, c.before)}</td>
              <td>{valueInWords(field, c.after)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
