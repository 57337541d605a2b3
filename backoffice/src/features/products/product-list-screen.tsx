import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RowSelectionState } from "@tanstack/react-table";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { SelectField, TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { useToast } from "~/components/ui/toast";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { formatCount } from "~/lib/format";
import { formatSort, parseSort, useUrlState } from "~/lib/url-state";
import {
  isStatusFilter,
  productListKey,
  revisionsKey,
  sortableColumns,
  statusFilters,
  useCategories,
  useProductList,
} from "./product-api";
import { ProductTable } from "./product-table";
import "./products.css";

/** The list's view state as it sits in the URL; values equal to these are left out of it. */
const defaults = { q: "", category: "", status: "", sort: "", page: "1", size: "20" };

const pageSizes = ["20", "50", "100"];
const searchDelayMs = 300;

/**
 * ProductListScreen lists every product with search, filters, sort and pages held in the URL
 * (so a reload or a shared link shows the same view), and publishes or unpublishes a selection.
 */
export default function ProductListScreen() {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useToast();
  const [state, update] = useUrlState(defaults);
  const categories = useCategories();

  const sorting = parseSort(state.sort).filter((s) => (sortableColumns as readonly string[]).includes(s.id));
  const page = Math.max(1, Number.parseInt(state.page, 10) || 1);
  const pageSize = pageSizes.includes(state.size) ? Number(state.size) : 20;
  const status = isStatusFilter(state.status) ? state.status : "";
  const query = {
    search: state.q.trim(),
    category: state.category,
    status,
    sort: sorting[0]?.id ?? "",
    descending: sorting[0]?.desc ?? false,
    page,
    pageSize,
  };
  const list = useProductList(query);

  // The selection belongs to the rows on screen: a new page or filter starts with none.
  const viewKey = JSON.stringify(query);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [selectionView, setSelectionView] = useState(viewKey);
  if (selectionView !== viewKey) {
    setSelectionView(viewKey);
    setSelection({});
  }
  const selectedIds = Object.keys(selection).filter((id) => selection[id]);
  const [confirm, setConfirm] = useState<null | boolean>(null);

  const setPublished = useMutation({
    mutationFn: async ({ ids, published }: { ids: string[]; published: boolean }) =>
      unwrap(api.POST("/api/v1/admin/products:setPublished", { body: { product_ids: ids, published } })),
    onSuccess: (_res, { ids, published }) => {
      void queryClient.invalidateQueries({ queryKey: productListKey });
      for (const id of ids) {
        void queryClient.invalidateQueries({ queryKey: ["admin-product", id] });
        void queryClient.invalidateQueries({ queryKey: revisionsKey(id) });
      }
      setSelection({});
      setConfirm(null);
      notify(`${plural(ids.length)} ${published ? "published" : "unpublished"}`);
    },
    onError: (err) => {
      setConfirm(null);
      notify(err.message, "error");
    },
  });

  const filtered = query.search !== "" || query.category !== "" || status !== "";
  const empty = filtered ? (
    <>
      No products match these filters.{" "}
      <Button variant="quiet" onClick={() => update({ q: "", category: "", status: "" })}>
        Clear filters
      </Button>
    </>
  ) : (
    <>
      No products yet. <Link to="/products/new">Create the first product</Link>.
    </>
  );

  return (
    <>
      <PageHeader
        title="Products"
        description="Every product, whatever its status."
        actions={
          <Link className="button button--primary" to="/products/new">
            New product
          </Link>
        }
      />
      <div className="toolbar">
        <SearchBox value={state.q} onSearch={(q) => update({ q })} />
        <SelectField
          label="Category"
          value={state.category}
          onChange={(e) => update({ category: e.target.value })}
        >
          <option value="">All categories</option>
          {state.category && !categories.data?.includes(state.category) ? (
            <option value={state.category}>{state.category}</option>
          ) : null}
          {(categories.data ?? []).map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" value={status} onChange={(e) => update({ status: e.target.value })}>
          {Object.entries(statusFilters).map(([value, f]) => (
            <option key={value} value={value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Per page"
          value={String(pageSize)}
          onChange={(e) => update({ size: e.target.value })}
        >
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="bulk-bar" aria-live="polite">
        <span>
          {selectedIds.length > 0
            ? `${plural(selectedIds.length)} selected`
            : "Select products to publish or unpublish them."}
        </span>
        <Button variant="secondary" disabled={selectedIds.length === 0} onClick={() => setConfirm(true)}>
          Publish
        </Button>
        <Button variant="secondary" disabled={selectedIds.length === 0} onClick={() => setConfirm(false)}>
          Unpublish
        </Button>
      </div>
      <ProductTable
        rows={list.data?.products}
        sorting={sorting}
        onSortingChange={(next) => update({ sort: formatSort(next) })}
        selection={selection}
        onSelectionChange={setSelection}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={empty}
      />
      {list.data ? (
        <Pagination
          page={list.data.page || page}
          totalPages={list.data.total_pages ?? 1}
          totalCount={list.data.total_count ?? 0}
          noun="products"
          onPageChange={(p) => update({ page: String(p) })}
        />
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        tone="primary"
        title={`${confirm ? "Publish" : "Unpublish"} ${plural(selectedIds.length)}?`}
        confirmLabel={confirm ? "Publish" : "Unpublish"}
        busy={setPublished.isPending}
        onConfirm={() => setPublished.mutate({ ids: selectedIds, published: confirm === true })}
        onCancel={() => setConfirm(null)}
      >
        {confirm
          ? "They appear in the shop when they are also active, named and priced. All change, or none."
          : "They leave the shop at once and stay as drafts. All change, or none."}
      </ConfirmDialog>
    </>
  );
}

function plural(n: number): string {
  return `${formatCount(n)} ${n === 1 ? "product" : "products"}`;
}

/**
 * SearchBox searches as the admin types, a moment after they stop (Enter searches at once);
 * the URL holds the search, and a URL change from elsewhere (back button) shows here.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  function schedule(next: string) {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next.trim()), searchDelayMs);
  }
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    clearTimeout(timer.current);
    onSearch(text.trim());
  }
  return (
    <form onSubmit={submit} className="search-box">
      <TextField
        label="Search"
        type="search"
        hint="Name, SKU or description."
        value={text}
        onChange={(e) => schedule(e.target.value)}
      />
    </form>
  );
}
