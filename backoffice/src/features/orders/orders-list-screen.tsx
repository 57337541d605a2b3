import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { PageHeader } from "~/components/ui/page-header";
import { Pagination } from "~/components/ui/pagination";
import { formatSort, parseSort, type SortState, useUrlState } from "~/lib/url-state";
import { londonMidnight } from "./order-forms";
import { type ListOrdersQuery, type OrderSort, statusFilters } from "./order-model";
import { useOrders } from "./orders-api";
import { OrdersTable } from "./orders-table";
import "./orders.css";

const defaults = { q: "", status: "", from: "", before: "", sort: "", page: "1" };
type View = typeof defaults;

/** The URL's sort ("-placed", the default, newest first) and the API's allow-list for it. */
const sorts: Record<string, OrderSort> = {
  "-placed": "ORDER_SORT_NEWEST",
  placed: "ORDER_SORT_OLDEST",
  "-total": "ORDER_SORT_TOTAL_HIGH_TO_LOW",
  total: "ORDER_SORT_TOTAL_LOW_TO_HIGH",
};
const defaultSort = "-placed";

/** listQuery turns the URL's view into the API's query; unknown values are left out. */
export function listQuery(view: View): ListOrdersQuery {
  const chosen = view.status.split(",");
  const statuses = statusFilters.filter((s) => chosen.includes(s.value)).map((s) => s.status);
  const query: ListOrdersQuery = { sort: sorts[view.sort || defaultSort] ?? "ORDER_SORT_NEWEST" };
  if (statuses.length) query.statuses = statuses;
  if (view.q.trim()) query.search = view.q.trim();
  const from = londonMidnight(view.from);
  if (from) query.placed_from = from;
  const before = londonMidnight(view.before);
  if (before) query.placed_before = before;
  const page = Number.parseInt(view.page, 10);
  if (page > 1) query.page = page;
  return query;
}

/**
 * OrdersListScreen is every order, filtered by status, searched (number, e-mail, name, postcode),
 * limited to when it was placed, sorted and paged on the server, all held in the URL.
 */
export default function OrdersListScreen() {
  const [view, setView] = useUrlState(defaults);
  const query = useMemo(() => listQuery(view), [view]);
  const list = useOrders(query);
  const sorting = parseSort(view.sort || defaultSort);
  const chosen = view.status ? view.status.split(",") : [];
  const data = list.data;

  function toggleStatus(value: string, on: boolean) {
    const next = statusFilters.map((s) => s.value).filter((v) => (v === value ? on : chosen.includes(v)));
    setView({ status: next.join(",") });
  }

  const filtered = Boolean(view.q || view.status || view.from || view.before);
  return (
    <>
      <PageHeader title="Orders" description="Every order, newest first unless sorted otherwise." />
      <section className="orders-filters" aria-label="Filters">
        <SearchField value={view.q} onSearch={(q) => setView({ q })} />
        <TextField
          label="Placed from"
          type="date"
          value={view.from}
          max={view.before || undefined}
          onChange={(e) => setView({ from: e.target.value })}
        />
        <TextField
          label="Placed before"
          type="date"
          value={view.before}
          min={view.from || undefined}
          onChange={(e) => setView({ before: e.target.value })}
        />
        {filtered ? (
          <Button variant="quiet" onClick={() => setView({ q: "", status: "", from: "", before: "" })}>
            Clear filters
          </Button>
        ) : null}
        <fieldset className="orders-filters__statuses">
          <legend>Status</legend>
          <ul>
            {statusFilters.map((s) => (
              <li key={s.value}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(s.value)}
                    onChange={(e) => toggleStatus(s.value, e.target.checked)}
                  />
                  {s.label}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </section>
      <OrdersTable
        rows={data?.orders}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => list.refetch()}
        sorting={sorting}
        onSortingChange={(next: SortState) => {
          const s = formatSort(next);
          setView({ sort: s === defaultSort ? "" : s });
        }}
        empty={filtered ? "No orders match these filters." : "No orders yet."}
      />
      {data && (data.total_pages ?? 0) > 1 ? (
        <Pagination
          page={data.page || 1}
          totalPages={data.total_pages ?? 1}
          totalCount={Number(data.total_count ?? 0)}
          noun="orders"
          onPageChange={(page) => setView({ page: String(page) })}
        />
      ) : null}
    </>
  );
}

/**
 * SearchField sends what is typed to the URL once typing pauses, so each keystroke does not
 * become a request; a URL change from elsewhere (back, a shared link) shows in the box.
 */
function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="orders-filters__search">
      <TextField
        label="Search"
        type="search"
        hint="Order number, e-mail, name or postcode"
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            sent.current = next;
            onSearch(next);
          }, 300);
        }}
      />
    </div>
  );
}
