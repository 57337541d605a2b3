// One product, by id or slug: gallery, buying column (with the wishlist toggle), details tabs and
// related products. A missing product and an unreachable API are answered on this page (404 and
// 503) rather than by the root error page, so the shopper keeps a way back to the shop.
// Related products are never waited for: when they are not in by the time the product is, the
// page is sent without them and they stream in behind a skeleton of the same size.

import { Code, ConnectError } from "@connectrpc/connect";
import { Suspense } from "react";
import { Await, data, type ShouldRevalidateFunctionArgs, useLocation, useNavigation } from "react-router";
import { Breadcrumb } from "~/components/product-page/breadcrumb";
import { Gallery } from "~/components/product-page/gallery";
import { jsonForScript, productJsonLd, summarize } from "~/components/product-page/json-ld";
import { ProductInfo } from "~/components/product-page/product-info";
import {
  ProductNotFound,
  ProductSkeleton,
  ProductUnavailable,
} from "~/components/product-page/product-states";
import { ProductTabs } from "~/components/product-page/product-tabs";
import { RelatedProducts, RelatedProductsSkeleton } from "~/components/product-page/related-products";
import { isNotFound } from "~/lib/errors";
import { type ProductDetail, type ProductSummary, toDetail, toSummary } from "~/lib/models/catalog";
import type { PublicPageHandle } from "~/lib/page-cache";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { config } from "~/lib/server/config.server";
import { loadFreeDeliveryPromise } from "~/lib/server/content.server";
import { sessionState } from "~/lib/server/session.server";
import { savedProductIds } from "~/lib/server/wishlist.server";
import "~/styles/pages/product.css";
import type { Route } from "./+types/product";

/** The same for every shopper without the shop's cookies: shared caches may keep it. */
export const handle: PublicPageHandle = { publicPage: true };

export type ProductPageData =
  | {
      status: "found";
      product: ProductDetail;
      /** The list when it was already in with the product; otherwise still on its way (streamed). */
      related: ProductSummary[] | Promise<ProductSummary[]>;
      url: string;
      /** In the shopper's wishlist. */
      saved: boolean;
      /** The shop's free-delivery promise (freeDeliveryPromise), or null when it makes none. */
      freeDelivery: string | null;
    }
  | { status: "not_found" }
  | { status: "unavailable" };

/** The API rejects ids that could never name a product (bad characters, too long) as invalid. */
function namesNoProduct(err: unknown): boolean {
  return isNotFound(err) || (err instanceof ConnectError && err.code === Code.InvalidArgument);
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const client = api(context);
  const id = params.id;
  // Related products are a nicety: their failure leaves the section out, never the page. They are
  // not awaited; a list that is already in when the product is goes into the first HTML as it is
  // (no skeleton, and it shows without JavaScript), a pending one streams.
  let relatedArrived: ProductSummary[] | undefined;
  const related = client.catalog.listRelatedProducts({ id }).then(
    (r) => (relatedArrived = r.products.map(toSummary)),
    () => (relatedArrived = []),
  );
  // Read alongside the product (the page may be addressed by slug, so the id comes later).
  const saved = savedProductIds(client, request, sessionState(context));
  // Read afresh with every product (the back office may have just changed it); it never fails.
  const freeDelivery = loadFreeDeliveryPromise(client);
  try {
    const { product } = await client.catalog.getProduct({ id });
    if (!product) return data<ProductPageData>({ status: "not_found" }, { status: 404 });
    const isSaved = (await saved).has(product.id.toLowerCase());
    const found: ProductPageData = {
      status: "found",
      product: toDetail(product),
      related: relatedArrived ?? related,
      url: `${config.publicUrl}/product/${product.id}`,
      saved: isSaved,
      freeDelivery: await freeDelivery,
    };
    return data(found);
  } catch (err) {
    if (namesNoProduct(err)) return data<ProductPageData>({ status: "not_found" }, { status: 404 });
    return data<ProductPageData>({ status: "unavailable" }, { status: 503 });
  }
}

/**
 * The wishlist toggle's answer carries the new state, so saving or unsaving does not reload the
 * product (or reshuffle You May Also Like); the header's loaders still revalidate.
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === "/wishlist") return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  const origin = originFrom(matches);
  if (loaderData?.status !== "found") {
    const missing = loaderData?.status === "not_found";
    return pageMeta({
      title: missing ? "Product not found" : "Product unavailable",
      description: missing
        ? "This product is not in the Atelier London collection."
        : "This product could not be loaded. Please try again later.",
      origin,
      path: `/product/${params.id}`,
      noindex: true,
    });
  }
  const p = loaderData.product;
  return pageMeta({
    title: p.name,
    description: summarize(p.description) || `${p.name} by ${p.brand}, from Atelier London.`,
    origin,
    path: `/product/${p.id}`,
    image: p.images[0]?.src,
    type: "product",
  });
};

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const leaving =
    navigation.state === "loading" &&
    navigation.location.pathname.startsWith("/product/") &&
    navigation.location.pathname !== location.pathname;

  if (leaving) {
    return (
      <div className="page product-page">
        <ProductSkeleton />
      </div>
    );
  }
  if (loaderData.status === "not_found") return <ProductNotFound />;
  if (loaderData.status === "unavailable") return <ProductUnavailable retryHref={location.pathname} />;

  const { product, related, url, saved, freeDelivery } = loaderData;
  return (
    // A new product starts with its first image and a quantity of one.
    <div className="page product-page" key={product.id}>
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD; jsonForScript escapes "<" so the data cannot close the script.
        dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, url)) }}
      />
      <Breadcrumb category={product.category} name={product.name} />
      <div className="product-page__top">
        <Gallery images={product.images} productName={product.name} />
        <ProductInfo product={product} saved={saved} freeDelivery={freeDelivery} />
      </div>
      <section className="product-page__details" aria-label="Product details">
        <ProductTabs product={product} freeDelivery={freeDelivery} />
      </section>
      <Suspense fallback={<RelatedProductsSkeleton />}>
        {/* The promise never rejects (a failure is an empty list); an aborted stream leaves the section out. */}
        <Await resolve={related} errorElement={<RelatedProducts products={[]} />}>
          {(products) => <RelatedProducts products={products} />}
        </Await>
      </Suspense>
    </div>
  );
}
