import type { RowSelectionState, SortingState } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { StatusBadge } from "~/components/ui/status-badge";
import { formatCount, formatMoney } from "~/lib/format";
import { type AdminProduct, productStatus, thumbnailOf } from "./product-api";

// Every column but the image is one the API sorts by (product-api's sortableColumns).
const columns: DataTableColumn<AdminProduct>[] = [
  {
    id: "image",
    header: "Image",
    enableSorting: false,
    cell: ({ row }) => {
      const thumb = thumbnailOf(row.original);
      return thumb ? (
        <img
          className="product-thumb"
          src={thumb.url}
          alt={thumb.alt}
          width={48}
          height={48}
          loading="lazy"
        />
      ) : (
        <span className="product-thumb product-thumb--none">No image</span>
      );
    },
  },
  {
    id: "name",
    header: "Name",
    accessorFn: (p) => p.name ?? "",
    cell: ({ row }) => (
      <Link to={`/products/${row.original.id}`} className="product-table__name">
        {row.original.name || "Untitled product"}
      </Link>
    ),
  },
  { id: "sku", header: "SKU", accessorFn: (p) => p.sku ?? "", cell: ({ row }) => row.original.sku || "—" },
  {
    id: "category",
    header: "Category",
    accessorFn: (p) => p.category ?? "",
    cell: ({ row }) => row.original.category || "—",
  },
  {
    id: "price",
    header: "Price",
    accessorFn: (p) => p.price?.minor_units ?? "",
    cell: ({ row }) => (row.original.price ? formatMoney(row.original.price) : "No price"),
  },
  {
    id: "stock",
    header: "Stock",
    accessorFn: (p) => p.stock_quantity ?? 0,
    cell: ({ row }) => formatCount(row.original.stock_quantity ?? 0),
  },
  {
    id: "status",
    header: "Status",
    accessorFn: (p) => productStatus(p).label,
    cell: ({ row }) => {
      const s = productStatus(row.original);
      return <StatusBadge tone={s.tone}>{s.label}</StatusBadge>;
    },
  },
];

export type ProductTableProps = {
  rows: AdminProduct[] | undefined;
  sorting: SortingState;
  onSortingChange: (next: SortingState) => void;
  selection: RowSelectionState;
  onSelectionChange: (next: RowSelectionState) => void;
  loading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  empty: ReactNode;
};

/** ProductTable is the products list: the shared DataTable with the products' columns. */
export function ProductTable(props: ProductTableProps) {
  return (
    <DataTable
      caption="Products"
      columns={columns}
      rowId={(p) => p.id ?? ""}
      rowLabel={(p) => p.name ?? ""}
      {...props}
    />
  );
}
