// The shop: every visible product, searched, filtered, sorted and paged by the URL (see
// components/shop/shop-query.ts), rendered on the server and enhanced once hydrated.

import { useState } from "react";
import { data, redirect, useNavigation } from "react-router";
import { CollectionBanner } from "~/components/shop/collection-banner";
import { Pagination } from "~/components/shop/pagination";
import { LoadError, NoMatches, NoProducts, ProductList } from "~/components/shop/product-results";
import { type CategoryOption, ShopFilters } from "~/components/shop/shop-filters";
import {
  defaultShopQuery,
  isFiltered,
  parseShopQuery,
  type ShopQuery,
  shopHref,
  toListProductsRequest,
  updateShopQuery,
} from "~/components/shop/shop-query";
import { countLine, shopHeading } from "~/components/shop/shop-text";
import { ShopToolbar } from "~/components/shop/shop-toolbar";
import { describeError } from "~/lib/errors";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { type ProductSummary, toSummary } from "~/lib/models/catalog";
import type { PublicPageHandle } from "~/lib/page-cache";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import noScriptFiltersCss from "~/styles/pages/shop-noscript.css?url";
import "~/styles/pages/shop.css";
import type { Route } from "./+types/shop";

/** The same for every shopper without the shop's cookies: shared caches may keep it. */
export const handle: PublicPageHandle = { publicPage: true };

/** The slider's top when the API gives none (its own default when no product is visible). */
const defaultPriceCeiling = 500;

type Listing = {
  products: ProductSummary[];
  totalCount: number;
  /** The API counted up to totalCount and more match. */
  totalCountCapped: boolean;
  page: number;
  totalPages: number;
  /** 1-based position of the first product on this page. */
  firstIndex: number;
  /** Whole pounds. */
  priceCeiling: number;
};

export type ShopData = {
  query: ShopQuery;
  categories: CategoryOption[];
  listing: Listing | null;
  error: string | null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseShopQuery(new URL(request.url).searchParams);
  const client = api(context);
  const [listed, listedCategories] = await Promise.allSettled([
    client.catalog.listProducts(toListProductsRequest(query)),
    client.catalog.listCategories({}),
  ]);
  const categories: CategoryOption[] =
    listedCategories.status === "fulfilled"
      ? listedCategories.value.categories.map((c) => ({ name: c.name, count: c.productCount }))
      : [];

  if (listed.status === "rejected") {
    const shown: ShopData = {
      query,
      categories,
      listing: null,
      error: `The products could not be loaded: ${describeError(listed.reason)}.`,
    };
    return data(shown, { status: 503 });
  }

  const res = listed.value;
  // A page past the end (a stale link, or fewer matches than before) goes to the last real page.
  if (res.products.length === 0 && res.totalCount > 0 && query.page > res.totalPages) {
    throw redirect(shopHref(updateShopQuery(query, { page: res.totalPages })));
  }
  const shown: ShopData = {
    query,
    categories,
    error: null,
    listing: {
      products: res.products.map(toSummary),
      totalCount: res.totalCount,
      totalCountCapped: res.totalCountCapped,
      page: res.page,
      totalPages: res.totalPages,
      firstIndex: res.pageSize > 0 ? (res.page - 1) * res.pageSize + 1 : 1,
      priceCeiling: res.priceCeiling
        ? Math.ceil(Number(res.priceCeiling.minorUnits) / 100)
        : defaultPriceCeiling,
    },
  };
  return data(shown);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const query = loaderData?.query ?? defaultShopQuery;
  const page = loaderData?.listing?.page ?? 1;
  const brands = (loaderData?.categories ?? []).map((c) => c.name);
  const heading = shopHeading(query);
  const description =
    query.categories.length === 1
      ? `Discover the ${query.categories[0]} collection at Atelier London: luxury skincare delivered across the UK and Europe.`
      : `Shop luxury skincare${brands.length ? ` from ${brands.join(" and ")}` : ""} at Atelier London: serums, creams, oils and gift sets, delivered across the UK and Europe.`;
  return pageMeta({
    title: page > 1 ? `${heading} (Page ${page})` : heading,
    description,
    origin: originFrom(matches),
    // Sort, page size and layout only rearrange the same products.
    path: shopHref({ ...defaultShopQuery, categories: query.categories, page }),
    noindex: query.search !== "" || !loaderData?.listing,
  });
};

/**
 * On phones the filters stay folded away until asked for; without JavaScript they are simply
 * shown. A linked stylesheet rather than an inline <style>, which the CSP refuses without a nonce.
 */
const noScriptFilters = `<link rel="stylesheet" href="${noScriptFiltersCss}">`;

export default function ShopRoute({ loaderData }: Route.ComponentProps) {
  const { query, categories, listing, error } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const pending = navigation.state === "loading" && navigation.location.pathname === "/shop";
  // While the next shop page loads, the forms build on the query it asks for rather than the one
  // on screen, so a second change made meanwhile (sort, then page size) keeps the first.
  const formQuery = pending ? parseShopQuery(new URLSearchParams(navigation.location.search)) : query;
  const products = listing?.products ?? [];

  return (
    <div className="page shop">
      <CollectionBanner
        heading={shopHeading(query)}
        house={query.categories.length === 1 && !query.search ? (query.categories[0] ?? null) : null}
      />

      <div className="shop__layout">
        <aside className="shop__filters" aria-labelledby="shop-filters-heading">
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React renders no children inside <noscript>; this is a constant <link> to the no-JavaScript filter styles. */}
          <noscript dangerouslySetInnerHTML={{ __html: noScriptFilters }} />
          <button
            type="button"
            className="button button--ghost shop__filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls="shop-filters-panel"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters
          </button>
          <div id="shop-filters-panel" className="shop__filters-panel" data-open={filtersOpen}>
            <h2 id="shop-filters-heading" className="shop__filters-heading">
              Filters
            </h2>
            <ShopFilters
              query={formQuery}
              categories={categories}
              priceCeiling={listing?.priceCeiling ?? defaultPriceCeiling}
              hydrated={hydrated}
            />
          </div>
        </aside>

        <div className={`shop__results${pending ? " shop__results--pending" : ""}`} aria-busy={pending}>
          <ShopToolbar
            query={formQuery}
            count={
              listing
                ? countLine(listing.firstIndex, products.length, listing.totalCount, listing.totalCountCapped)
                : null
            }
            hydrated={hydrated}
          />
          {error !== null ? (
            <LoadError message={error} query={query} />
          ) : products.length === 0 ? (
            isFiltered(query) ? (
              <NoMatches />
            ) : (
              <NoProducts />
            )
          ) : (
            <ProductList products={products} view={query.view} />
          )}
          {listing && (
            <Pagination
              current={listing.page}
              total={listing.totalPages}
              hrefFor={(page) => shopHref(updateShopQuery(query, { page }))}
            />
          )}
        </div>
      </div>
    </div>
  );
}
