import type { ReactNode } from "react";
import { ChangesTable, Empty } from "~/components/ui/changes-table";
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
      if (list.length === 0) return <span className="changes-table__none">No attributes</span>;
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
      if (list.length === 0) return <span className="changes-table__none">No images</span>;
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
  if (t === "") return <Empty />;
  return t;
}

/**
 * RevisionDiff shows what a revision changed, field by field, before and after, in words (lists
 * as lists, flags as yes/no), not as the API's raw text.
 */
export function RevisionDiff({ changes, caption }: { changes: FieldChange[]; caption: string }) {
  return (
    <ChangesTable
      caption={caption}
      changes={changes.map((c) => {
        const field = c.field ?? "";
        return {
          key: field,
          label: labels[field] ?? field,
          before: valueInWords(field, c.before),
          after: valueInWords(field, c.after),
        };
      })}
    />
  );
}
