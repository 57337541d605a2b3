// Secure Checkout (PRODUCT §2): contact, shipping address, delivery, billing and card payment for
// the cart, beside its order summary. The API places and prices the order; in test payment mode
// the action also pays for it with the test card. The page's CSP allows Stripe (lib/server/csp.server.ts).
import { data } from "react-router";
import { GuestBanner } from "~/components/cart/guest-banner";
import { CheckoutForm } from "~/components/checkout/checkout-form";
import { focusedLayout } from "~/components/checkout/checkout-header";
import { imageUrls } from "~/lib/models/catalog";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { handleCheckoutAction, loadCheckoutPage } from "~/lib/server/checkout.server";
import { requireCheckoutCsp } from "~/lib/server/csp.server";
import { sessionAccount } from "~/lib/server/session.server";
import "~/styles/pages/cart.css";
import "~/styles/pages/checkout.css";
import type { Route } from "./+types/checkout";

/** Checkout is drawn in the focused layout: the brand and a way back to the cart (root.tsx). */
export const handle = focusedLayout;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireCheckoutCsp(context, []);
  const { page, setCookie } = await loadCheckoutPage(api(context), request, sessionAccount(context));
  requireCheckoutCsp(
    context,
    page.cart.lines.flatMap((l) => l.product.images.flatMap(imageUrls)),
  );
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return data(page, { headers });
}

/**
 * Arriving here by a client-side navigation would show checkout inside the previous page's
 * document, without checkout's Content-Security-Policy (a policy belongs to the document), so that
 * navigation becomes a document load. Revalidation on this page (after a refused payment) asks the
 * server as usual. Not called while the page hydrates.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (new URL(request.url).pathname !== window.location.pathname) {
    window.location.assign(request.url);
    return new Promise<never>(() => {});
  }
  return serverLoader();
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleCheckoutAction(api(context), request, sessionAccount(context));
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return {
    "Cache-Control":
      actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? "private, no-store",
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Secure Checkout",
    description: "Complete your Atelier London order: delivery, billing and secure card payment.",
    origin: originFrom(matches),
    path: "/checkout",
    noindex: true,
  });
}

export default function CheckoutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="page checkout-page" aria-labelledby="checkout-heading">
      <header className="page__header">
        <div>
          <h1 id="checkout-heading">Secure Checkout</h1>
        </div>
        {loaderData.accountEmail === null && <GuestBanner returnTo="/checkout" />}
      </header>
      <CheckoutForm page={loaderData} actionData={actionData} />
    </section>
  );
}
