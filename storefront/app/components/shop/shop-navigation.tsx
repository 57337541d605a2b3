// Helpers shared by the shop's forms: every form is a plain GET form to /shop (so it works before
// JavaScript loads) that carries the rest of the URL state in hidden fields; once hydrated, the
// forms navigate on change instead, keeping the scroll position.
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { type ShopParam, type ShopQuery, serializeShopQuery, shopHref } from "./shop-query";

/** Hidden inputs for the parts of the query a form does not edit itself. */
export function HiddenQueryFields({ query, omit }: { query: ShopQuery; omit: readonly ShopParam[] }) {
  return (
    <>
      {[...serializeShopQuery(query, omit).entries()].map(([name, value], i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a query parameter can repeat (several categories).
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** Goes to the shop showing a query, without jumping back to the top of the page. */
export function useShopNavigate(): (q: ShopQuery) => void {
  const navigate = useNavigate();
  return useCallback((q: ShopQuery) => navigate(shopHref(q), { preventScrollReset: true }), [navigate]);
}

/**
 * Local state that follows the URL: the shopper's edits show at once, and when the URL changes
 * (back button, Clear Filters) the state starts again from it. The inputs are never remounted, so
 * keyboard focus stays where it was.
 */
export function useUrlBackedState<T>(fromUrl: T, urlKey: string): [T, (next: T) => void] {
  const [state, setState] = useState(fromUrl);
  const [seenKey, setSeenKey] = useState(urlKey);
  if (seenKey !== urlKey) {
    setSeenKey(urlKey);
    setState(fromUrl);
  }
  return [seenKey === urlKey ? state : fromUrl, setState];
}
