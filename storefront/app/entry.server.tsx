// How a document is rendered on the server: React Router's default Node entry (streamed, bots
// wait for everything), plus a per-request CSP nonce. <ServerRouter nonce> hands the nonce to
// <Scripts>, <ScrollRestoration>, <Links> and the streamed data scripts through React Router's
// own context, so root.tsx needs no prop for it; renderToPipeableStream gets it for React's own
// inline scripts. Every document — pages, the 404 page, error pages — is sent with the
// Content-Security-Policy built around that nonce (lib/server/csp.server.ts); checkout pages (those whose
// loader called requireCheckoutCsp) with Stripe's allowances added. The module preloads in it ask for
// low priority (lib/server/module-preloads.server.ts).
import { fileURLToPath } from "node:url";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { StylesheetReaderContext } from "./components/layout/route-styles";
import { cspNonce, documentPolicy } from "./lib/server/csp.server";
import { lowPriorityModulePreloads } from "./lib/server/module-preloads.server";
import { setDocumentCacheControl } from "./lib/server/page-cache.server";
import { stylesheetReader } from "./lib/server/stylesheets.server";

export const streamTimeout = 5_000;

/**
 * The built stylesheets the document carries inline (components/layout/route-styles.tsx), read from
 * the client build beside this server build (build/server/index.js → build/client). The
 * development server has no build: Vite serves the styles, and every one is linked.
 */
const stylesheets = import.meta.env.PROD
  ? stylesheetReader(fileURLToPath(new URL("../client/", import.meta.url)))
  : null;

/**
 * How long a page with deferred data may hold its first byte for that data. Data that arrives
 * within it is sent in place, in one piece: the page then shows it without JavaScript (streamed
 * parts need React's inline script to move into place) and never shows its skeleton. Slower data
 * streams after the shell. A page with nothing deferred is all ready with its shell: no wait.
 */
export const deferredGraceMs = 150;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The nonce cspMiddleware made for this request (the same one, should anything else ask).
  const nonce = cspNonce(loadContext);
  responseHeaders.set("Content-Security-Policy", documentPolicy(loadContext, nonce));
  // Whether shared caches may keep the page: decided by the page's route (not the root layout's).
  setDocumentCacheControl(
    request,
    responseStatusCode,
    responseHeaders,
    routerContext.staticHandlerContext.matches
      .filter((m) => m.route.id !== "root")
      .map((m) => routerContext.routeModules[m.route.id]?.handle),
  );

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let sent = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA-mode renders wait for all content before the response starts; browsers get the
    // shell once everything is ready or deferredGraceMs after the shell, whichever comes first.
    const waitForAll = Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode;
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    // Abort the rendering stream after streamTimeout, leaving time to flush rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <StylesheetReaderContext value={stylesheets}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetReaderContext>,
      {
        nonce,
        // React outlines a finished Suspense boundary (sends its fallback, and the content in a
        // hidden element with a script to swap it in) once the page passes this many bytes; the
        // product page's shell always does. Unbounded, what is ready when the page is sent goes in
        // place; only what is still pending streams.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
          if (!waitForAll) graceTimer = setTimeout(send, deferredGraceMs);
        },
        onAllReady() {
          send();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors during the shell are logged by React Router's document handler.
          if (shellRendered) console.error(error);
        },
      },
    );

    function send() {
      clearTimeout(graceTimer);
      if (sent) return;
      sent = true;
      const body = lowPriorityModulePreloads();
      body.once("finish", () => {
        clearTimeout(timeoutId);
        timeoutId = undefined;
      });
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html");
      pipe(body);
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
    }
  });
}
