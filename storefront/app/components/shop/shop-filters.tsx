// The filter panel: categories and price range. A GET form with an Apply button for shoppers
// without JavaScript; once hydrated it applies itself as the shopper changes it (ticks at once,
// prices after a short pause so dragging a slider does not fire a request per step).
import { type FormEvent, useEffect, useRef } from "react";
import { Link } from "react-router";
import { PriceRange } from "./price-range";
import { HiddenQueryFields, useShopNavigate, useUrlBackedState } from "./shop-navigation";
import { type ShopQuery, shopQueryFromForm } from "./shop-query";

export type CategoryOption = { name: string; count: number | null };

type Props = {
  query: ShopQuery;
  categories: CategoryOption[];
  /** Slider maximum in whole pounds. */
  priceCeiling: number;
  hydrated: boolean;
};

const priceDebounceMs = 450;

/** The catalogue's categories, plus any the URL asks for that the catalogue no longer has. */
function categoryOptions(categories: CategoryOption[], selected: string[]): CategoryOption[] {
  const known = new Set(categories.map((c) => c.name));
  return [...categories, ...selected.filter((c) => !known.has(c)).map((name) => ({ name, count: null }))];
}

export function ShopFilters({ query, categories, priceCeiling, hydrated }: Props) {
  const go = useShopNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [selected, setSelected] = useUrlBackedState(query.categories, query.categories.join("\n"));

  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = () => {
    clearTimeout(timer.current);
    if (formRef.current) go(shopQueryFromForm(new FormData(formRef.current), priceCeiling));
  };

  const onChange = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    const target = e.target as HTMLInputElement;
    clearTimeout(timer.current);
    if (target.type === "checkbox") {
      // The controlled checkbox re-renders before the form is read.
      timer.current = setTimeout(apply, 0);
    } else {
      timer.current = setTimeout(apply, priceDebounceMs);
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    apply();
  };

  const toggle = (name: string, checked: boolean) =>
    setSelected(checked ? [...selected, name] : selected.filter((c) => c !== name));

  return (
    <form
      ref={formRef}
      method="get"
      action="/shop"
      className="shop-filters"
      aria-label="Product filters"
      onChange={onChange}
      onSubmit={onSubmit}
    >
      <HiddenQueryFields query={query} omit={["category", "min_price", "max_price", "page"]} />
      <fieldset className="shop-filters__categories">
        <legend className="label">Categories</legend>
        <ul>
          {categoryOptions(categories, query.categories).map((c, i) => {
            const id = `category-${i}`;
            return (
              <li key={c.name} className="checkbox">
                <input
                  id={id}
                  type="checkbox"
                  name="category"
                  value={c.name}
                  checked={selected.includes(c.name)}
                  onChange={(e) => toggle(c.name, e.target.checked)}
                />
                <label htmlFor={id}>
                  {c.name}
                  {c.count !== null && <span className="checkbox__count"> ({c.count})</span>}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <PriceRange
        ceiling={priceCeiling}
        minPrice={query.minPrice}
        maxPrice={query.maxPrice}
        hydrated={hydrated}
      />
      <div className="shop-filters__actions">
        <button type="submit" className="button button--primary">
          Apply
        </button>
        <Link to="/shop" className="button button--ghost">
          Clear Filters
        </Link>
      </div>
    </form>
  );
}
