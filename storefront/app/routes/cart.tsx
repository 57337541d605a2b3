// The cart page, and the action every cart form in the shop posts to (add, update, remove,
// clear). The cart is read from the API on the server; every amount is the API's.
import { useRef } from "react";
import { data } from "react-router";
import { CartSummary } from "~/components/cart/cart-summary";
import { CartTable } from "~/components/cart/cart-table";
import { EmptyCart } from "~/components/cart/empty-cart";
import { GuestBanner } from "~/components/cart/guest-banner";
import { useRemovalAnnouncement } from "~/components/cart/use-removal-announcement";
import { ErrorLine, LoadFailedAlert } from "~/components/ui/error-alert";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { handleCartAction, loadCart, takeCartPageError } from "~/lib/server/cart.server";
import { sessionAccount } from "~/lib/server/session.server";
import "~/styles/pages/saved-lists.css";
import "~/styles/pages/cart.css";
import type { Route } from "./+types/cart";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { error, headers } = takeCartPageError(request);
  const signedIn = sessionAccount(context) !== null;
  try {
    const { cart, setCookie } = await loadCart(api(context), request, { signedIn });
    if (setCookie) headers.append("Set-Cookie", setCookie);
    return data({ cart, error, loadFailed: false, signedIn }, { headers });
  } catch (err) {
    console.error("cart page: loading the cart failed", err);
    return data({ cart: null, error, loadFailed: true, signedIn }, { headers });
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleCartAction(api(context), request);
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Your Shopping Cart",
    description: "Review the items in your Atelier London cart and proceed to secure checkout.",
    origin: originFrom(matches),
    path: "/cart",
    noindex: true,
  });
}

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  const { cart, error, loadFailed, signedIn } = loaderData;
  const lines = cart?.lines ?? [];
  const headingRef = useRef<HTMLHeadingElement>(null);
  useRemovalAnnouncement(lines, headingRef);

  return (
    <section className="page cart-page" aria-labelledby="cart-heading">
      <header className="page__header">
        <div>
          <p className="eyebrow">Atelier London</p>
          <h1 id="cart-heading" ref={headingRef} tabIndex={-1}>
            Your Shopping Cart
          </h1>
        </div>
        {!signedIn && <GuestBanner />}
      </header>
      <ErrorLine message={error} />
      {loadFailed ? (
        <LoadFailedAlert title="We could not load your cart">
          Your items are safe. Please refresh the page in a moment.
        </LoadFailedAlert>
      ) : cart && lines.length > 0 ? (
        <div className="cart-layout">
          <CartTable lines={lines} />
          <CartSummary cart={cart} />
        </div>
      ) : (
        <EmptyCart />
      )}
    </section>
  );
}
