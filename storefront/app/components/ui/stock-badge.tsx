import type { StockLevel } from "~/lib/models/catalog";

/** Out of Stock at 0, Low Stock at 1–9, nothing otherwise (PRODUCT §1). */
export function StockBadge({ level }: { level: StockLevel }) {
  if (level === "out_of_stock") return <span className="badge badge--out">Out of Stock</span>;
  if (level === "low_stock") return <span className="badge badge--low">Low Stock</span>;
  return null;
}
