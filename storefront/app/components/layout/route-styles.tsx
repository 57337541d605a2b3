// The stylesheets of the matched routes, sent inside the document rather than linked.
//
// A linked stylesheet blocks the first paint until it has been fetched: on a phone's network
// that is a round trip queued behind the page's module preloads, the largest part of the time to
// first paint. The pages' CSS is small (under 10 KB compressed for any page), so the server puts
// it in the document, in <style> elements carrying the page's CSP nonce, in the order React
// Router's <Links> would link it. The browser can then paint as soon as the HTML arrives.
//
// The client renders the same elements with the same text (read back from the document when the
// script starts), so hydration matches exactly; a route's stylesheet that was not in the first
// document (a later navigation) is linked as before, and React Router loads it before it shows
// the page. Without a reader (the development server, whose Vite serves styles itself; a test),
// every stylesheet is linked.
import { createContext, useContext } from "react";
import { UNSAFE_FrameworkContext as FrameworkContext, useMatches } from "react-router";

/** What the server gives: a stylesheet's text by its public path, or undefined to link it. */
export type StylesheetReader = (href: string) => string | undefined;

export const StylesheetReaderContext = createContext<StylesheetReader | null>(null);

type Inlined = { text: string; nonce: string };

let inlinedInDocument: Map<string, Inlined> | undefined;

/** The stylesheets the server put in this document, read once when the client first renders. */
function inlinedAtLoad(): Map<string, Inlined> {
  if (inlinedInDocument === undefined) {
    inlinedInDocument = new Map();
    for (const el of document.querySelectorAll<HTMLStyleElement>("style[data-href]")) {
      const href = el.dataset.href;
      // The browser hides the nonce attribute once the document is parsed; the property keeps it,
      // and a <style> rendered again after a navigation needs it to pass the CSP.
      if (href) inlinedInDocument.set(href, { text: el.textContent ?? "", nonce: el.nonce ?? "" });
    }
  }
  return inlinedInDocument;
}

/** The public paths of the matched routes' stylesheets, outermost route first, each once. */
export function useRouteStylesheets(): string[] {
  const framework = useContext(FrameworkContext);
  const matches = useMatches();
  const hrefs: string[] = [];
  for (const match of matches) {
    for (const href of framework?.manifest.routes[match.id]?.css ?? []) {
      if (!hrefs.includes(href)) hrefs.push(href);
    }
  }
  return hrefs;
}

export function RouteStyles() {
  const nonce = useContext(FrameworkContext)?.nonce;
  return <Stylesheets hrefs={useRouteStylesheets()} nonce={nonce} />;
}

/**
 * The stylesheets at `hrefs`, in order: on the server, inline when the reader has their text and
 * the page has a nonce; in the browser, inline when the server sent them so; linked otherwise.
 */
export function Stylesheets({ hrefs, nonce }: { hrefs: readonly string[]; nonce: string | undefined }) {
  const read = useContext(StylesheetReaderContext);
  return (
    <>
      {hrefs.map((href) => {
        const inlined =
          typeof document === "undefined"
            ? inlineOnServer(read, href, nonce)
            : (inlinedAtLoad().get(href) ?? null);
        if (!inlined) return <link key={href} rel="stylesheet" href={href} />;
        return (
          <style
            key={href}
            data-href={href}
            nonce={inlined.nonce}
            // The nonce attribute reads as empty in the parsed document (see above).
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own built stylesheet, read from its build (never request data).
            dangerouslySetInnerHTML={{ __html: inlined.text }}
          />
        );
      })}
    </>
  );
}

function inlineOnServer(
  read: StylesheetReader | null,
  href: string,
  nonce: string | undefined,
): Inlined | null {
  const text = read?.(href);
  return text === undefined || !nonce ? null : { text, nonce };
}
