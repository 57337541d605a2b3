// Above the results: how many products are shown, sort order, page size and grid/list view.
import type { FormEvent } from "react";
import { LineIcon } from "~/components/ui/line-icon";
import { HiddenQueryFields, useShopNavigate, useUrlBackedState } from "./shop-navigation";
import {
  type PageSize,
  pageSizeOptions,
  parsePageSize,
  parseSort,
  type ShopQuery,
  type ShopView,
  type SortKey,
  sortOptionsFor,
  updateShopQuery,
} from "./shop-query";

type Props = {
  query: ShopQuery;
  /** "Showing 1–6 of 42 products", or null when nothing is listed. */
  count: string | null;
  hydrated: boolean;
};

export function ShopToolbar({ query, count, hydrated }: Props) {
  const go = useShopNavigate();
  const [sort, setSort] = useUrlBackedState<SortKey>(query.sort, query.sort);
  const [pageSize, setPageSize] = useUrlBackedState<PageSize>(query.pageSize, String(query.pageSize));

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    go(updateShopQuery(query, { sort, pageSize }));
  };

  return (
    <div className="shop-toolbar">
      <p className="shop-toolbar__count" aria-live="polite">
        {count}
      </p>
      <form method="get" action="/shop" className="shop-toolbar__controls" onSubmit={onSubmit}>
        <HiddenQueryFields query={query} omit={["sort", "page_size", "page"]} />
        <ToolbarSelect
          id="shop-sort"
          label="Sort by"
          name="sort"
          value={sort}
          options={sortOptionsFor(query)}
          onChange={(value) => {
            const next = parseSort(value, query.search);
            setSort(next);
            if (hydrated) go(updateShopQuery(query, { sort: next }));
          }}
        />
        <ToolbarSelect
          id="shop-page-size"
          label="Per page"
          name="page_size"
          value={String(pageSize)}
          options={pageSizeOptions.map((s) => ({ value: String(s), label: s === "all" ? "All" : String(s) }))}
          onChange={(value) => {
            const next = parsePageSize(value);
            setPageSize(next);
            if (hydrated) go(updateShopQuery(query, { pageSize: next }));
          }}
        />
        {!hydrated && (
          <button type="submit" className="button button--ghost">
            Update
          </button>
        )}
      </form>
      <ViewToggle query={query} hydrated={hydrated} />
    </div>
  );
}

type SelectProps = {
  id: string;
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
};

function ToolbarSelect({ id, label, name, value, options, onChange }: SelectProps) {
  return (
    <div className="shop-toolbar__field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      {/* The browser's own arrow would not match the shop: an icon draws it, the select stays native. */}
      <span className="select-control">
        <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <LineIcon size={14} strokeWidth={1.6} className="select-control__arrow">
          <path d="m6 9 6 6 6-6" />
        </LineIcon>
      </span>
    </div>
  );
}

const views: { value: ShopView; label: string }[] = [
  { value: "grid", label: "Grid view" },
  { value: "list", label: "List view" },
];

function ViewToggle({ query, hydrated }: { query: ShopQuery; hydrated: boolean }) {
  const go = useShopNavigate();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the form is the group (its buttons submit it); a <fieldset> inside would need a visible legend.
    <form method="get" action="/shop" className="view-toggle" role="group" aria-label="Layout">
      <HiddenQueryFields query={query} omit={["view"]} />
      {views.map((v) => (
        <button
          key={v.value}
          type="submit"
          name="view"
          value={v.value}
          className="view-toggle__button"
          aria-pressed={query.view === v.value}
          onClick={(e) => {
            if (!hydrated) return;
            e.preventDefault();
            go(updateShopQuery(query, { view: v.value }));
          }}
        >
          <ViewIcon view={v.value} />
          <span className="visually-hidden">{v.label}</span>
        </button>
      ))}
    </form>
  );
}

function ViewIcon({ view }: { view: ShopView }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false" fill="currentColor">
      {view === "grid" ? (
        <>
          <rect x="2" y="2" width="7" height="7" />
          <rect x="11" y="2" width="7" height="7" />
          <rect x="2" y="11" width="7" height="7" />
          <rect x="11" y="11" width="7" height="7" />
        </>
      ) : (
        <>
          <rect x="2" y="3" width="16" height="3" />
          <rect x="2" y="8.5" width="16" height="3" />
          <rect x="2" y="14" width="16" height="3" />
        </>
      )}
    </svg>
  );
}
