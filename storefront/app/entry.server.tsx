// How a document is rendered on the server: React Router's default Node entry (streamed, bots
// wait for everything), plus a per-request CSP nonce. <ServerRouter nonce> hands the nonce to
// <Scripts>, <ScrollRestoration>, <Links> and the streamed data scripts through React Router's
// own context, so root.tsx needs no prop for it; renderToPipeableStream gets it for React's own
// inline scripts. Every document — pages, the 404 page, error pages — is sent with the
// Content-Security-Policy built around that nonce (lib/server/csp.server.ts); checkout pages (those whose
// loader called requireCheckoutCsp) with Stripe's allowances added.
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { cspNonce, documentPolicy } from "./lib/server/csp.server";

export const streamTimeout = 5_000;

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

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and SPA-mode renders wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    // Abort the rendering stream after streamTimeout, leaving time to flush rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        pipe(body);
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors during the shell are logged by React Router's document handler.
        if (shellRendered) console.error(error);
      },
    });
  });
}
