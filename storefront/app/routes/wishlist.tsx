// The wishlist page, and the action every wishlist form posts to (the product page's toggle, Move
// to Cart, Remove). A signed-in customer's wishlist is the API's; a guest's is kept in their
// browser (lib/server/wishlist.server.ts) and joins their account when they sign in.
import { useRef } from "react";
import { data } from "react-router";
import { ErrorLine, LoadFailedAlert } from "~/components/ui/error-alert";
import { EmptyWishlist } from "~/components/wishlist/empty-wishlist";
import { GuestWishlistNote } from "~/components/wishlist/guest-wishlist-note";
import { useDepartures } from "~/components/wishlist/use-departures";
import { WishlistItem } from "~/components/wishlist/wishlist-item";
import type { ProductSummary } from "~/lib/models/catalog";
import { piecesLabel } from "~/lib/models/wishlist";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { sessionState } from "~/lib/server/session.server";
import { handleWishlistAction, loadWishlist, takeWishlistPageError } from "~/lib/server/wishlist.server";
import "~/styles/pages/saved-lists.css";
import "~/styles/pages/wishlist.css";
import type { Route } from "./+types/wishlist";

export type WishlistPageData = {
  products: ProductSummary[];
  signedIn: boolean;
  error: string | null;
  loadFailed: boolean;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { error, headers } = takeWishlistPageError(request);
  const shopper = sessionState(context);
  const signedIn = shopper.account !== null;
  try {
    const products = await loadWishlist(api(context), request, shopper);
    return data<WishlistPageData>({ products, signedIn, error, loadFailed: false }, { headers });
  } catch (err) {
    console.error("wishlist page: loading the wishlist failed", err);
    return data<WishlistPageData>(
      { products: [], signedIn, error, loadFailed: true },
      { status: 503, headers },
    );
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleWishlistAction(api(context), request, sessionState(context));
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Wishlist",
    description: "The Atelier London pieces you have saved for later.",
    origin: originFrom(matches),
    path: "/wishlist",
    noindex: true,
  });
}

export default function WishlistRoute({ loaderData }: Route.ComponentProps) {
  const { products, signedIn, error, loadFailed } = loaderData;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const onSubmit = useDepartures(products, headingRef);

  return (
    <section className="page wishlist-page" aria-labelledby="wishlist-heading">
      <header className="page__header">
        <div>
          <p className="eyebrow">Saved for Later</p>
          <h1 id="wishlist-heading" ref={headingRef} tabIndex={-1}>
            Wishlist
          </h1>
          {products.length > 0 && (
            <p className="wishlist-page__count muted">{piecesLabel(products.length)}</p>
          )}
        </div>
        {!signedIn && <GuestWishlistNote />}
      </header>
      <ErrorLine message={error} />
      {loadFailed ? (
        <LoadFailedAlert title="We could not load your wishlist">
          Your saved pieces are safe. Please refresh the page in a moment.
        </LoadFailedAlert>
      ) : products.length > 0 ? (
        <ul className="wishlist-grid card-list" aria-labelledby="wishlist-heading">
          {products.map((p, i) => (
            <li key={p.id}>
              <WishlistItem product={p} priority={i < 4} onSubmit={onSubmit} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyWishlist />
      )}
    </section>
  );
}
