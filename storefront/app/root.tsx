import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { CheckoutHeader, isFocusedLayout } from "./components/checkout/checkout-header";
import { Footer, type FooterSettings } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { NotFound } from "./components/layout/not-found";
import { RouteStyles } from "./components/layout/route-styles";
import { ToastProvider } from "./components/ui/toast";
import { api } from "./lib/server/api.server";
import { loadCart } from "./lib/server/cart.server";
import { config } from "./lib/server/config.server";
import { loadFreeDeliveryPromise } from "./lib/server/content.server";
import { cspMiddleware } from "./lib/server/csp.server";
import { csrfMiddleware } from "./lib/server/csrf.server";
import { sessionAccount, sessionMiddleware, toSessionUser } from "./lib/server/session.server";
import "./styles/app.css";

// Every response gets a Content-Security-Policy (documents theirs, everything else one that allows
// nothing); cross-site posts are refused before anything else runs; then the request gets its API
// client and session.
export const middleware: Route.MiddlewareFunction[] = [cspMiddleware, csrfMiddleware, sessionMiddleware];

/**
 * What every page's header and footer need, and who is signed in (id, first name and role only:
 * never the session token). A failing part degrades to an empty footer column, a zero badge or
 * no free-delivery announcement rather than taking the whole page down; the page's own loader reports its errors.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const client = api(context);
  const account = sessionAccount(context);
  const [categories, settings, cart, freeDelivery] = await Promise.allSettled([
    client.catalog.listCategories({}),
    client.settings.getStoreSettings({}),
    // A signed-in shopper without a usable cart cookie gets the account's cart, and the cookie.
    loadCart(client, request, { signedIn: account !== null }),
    // The announcement bar's promise follows the back office's rule; none when it cannot be read.
    loadFreeDeliveryPromise(client),
  ]);
  const s = settings.status === "fulfilled" ? settings.value.storeSettings : undefined;
  const footer: FooterSettings | null = s
    ? {
        storeName: s.storeName,
        addressLines: [
          s.address?.line1,
          s.address?.line2,
          [s.address?.city, s.address?.postcode].filter(Boolean).join(" "),
          s.address?.country,
        ].filter((l): l is string => Boolean(l)),
        email: s.contactEmail,
        phone: s.phone,
        companyNumber: s.companyNumber,
        vatNumber: s.vatNumber,
      }
    : null;
  const headers = new Headers();
  if (cart.status === "fulfilled" && cart.value.setCookie) headers.append("Set-Cookie", cart.value.setCookie);
  return data(
    {
      origin: config.publicUrl,
      // Product photographs come from the API's media origin: the head preconnects to it, so the
      // largest picture of a page does not wait for a connection first.
      mediaOrigin: config.mediaOrigin,
      categories: categories.status === "fulfilled" ? categories.value.categories.map((c) => c.name) : [],
      settings: footer,
      cartCount: cart.status === "fulfilled" ? (cart.value.cart?.itemCount ?? 0) : 0,
      freeDelivery: freeDelivery.status === "fulfilled" ? freeDelivery.value : null,
      year: new Date().getFullYear(),
      user: account ? toSessionUser(account) : null,
      // Only admins are shown the way to the back office, and only when it has an address (none by
      // default in production).
      backofficeUrl: account?.role === "admin" ? (config.backofficeUrl ?? null) : null,
    },
    { headers },
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  // Checkout keeps the shopper: the brand and a way back to the cart, no navigation or footer.
  const focused = useMatches().some((m) => isFocusedLayout(m.handle));
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f3ee" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {data?.mediaOrigin && data.mediaOrigin !== data.origin && (
          <link rel="preconnect" href={data.mediaOrigin} />
        )}
        <Meta />
        {/* The built stylesheets go in the document (RouteStyles), with the CSP nonce that
            reaches <Scripts> and <ScrollRestoration> through React Router's context
            (entry.server.tsx). The development server links them: an empty nonce keeps it off
            its critical-CSS link, whose nonce the browser hides from hydration. */}
        {import.meta.env.DEV ? <Links nonce="" /> : <RouteStyles />}
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <NavigationProgress />
        <ToastProvider>
          {focused ? (
            <CheckoutHeader />
          ) : (
            <Header
              categories={data?.categories ?? []}
              cartCount={data?.cartCount ?? 0}
              user={data?.user ?? null}
              backofficeUrl={data?.backofficeUrl ?? null}
              freeDelivery={data?.freeDelivery ?? null}
            />
          )}
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          {!focused && (
            <Footer
              categories={data?.categories ?? []}
              settings={data?.settings ?? null}
              freeDelivery={data?.freeDelivery ?? null}
              year={data?.year ?? new Date().getFullYear()}
            />
          )}
        </ToastProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "";
  return (
    <section className="page page--narrow message-page">
      <title>Something went wrong | Atelier London</title>
      <h1>Something went wrong</h1>
      <p>We could not show this page. Please try again in a moment.</p>
      {import.meta.env.DEV && detail && <pre className="error-detail">{detail}</pre>}
      <p>
        <Link className="button button--primary" to="/">
          Return Home
        </Link>
      </p>
    </section>
  );
}
