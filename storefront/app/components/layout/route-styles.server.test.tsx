// @vitest-environment node
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StylesheetReaderContext, Stylesheets } from "./route-styles";

const texts: Record<string, string> = { "/assets/root-1.css": ".root{color:red}" };

function serverRender(nonce: string | undefined, withReader = true): string {
  return renderToString(
    <StylesheetReaderContext value={withReader ? (href) => texts[href] : null}>
      <Stylesheets hrefs={["/assets/root-1.css", "/assets/shop-2.css"]} nonce={nonce} />
    </StylesheetReaderContext>,
  );
}

describe("Stylesheets on the server", () => {
  it("puts what the reader has in the document under the nonce, in order, and links the rest", () => {
    expect(serverRender("n0nce")).toBe(
      '<style data-href="/assets/root-1.css" nonce="n0nce">.root{color:red}</style>' +
        '<link rel="stylesheet" href="/assets/shop-2.css"/>',
    );
  });

  it("links everything without a nonce (the CSP would refuse the element) or without a reader", () => {
    for (const html of [serverRender(undefined), serverRender("n0nce", false)]) {
      expect(html).not.toContain("<style");
      expect(html).toContain('<link rel="stylesheet" href="/assets/root-1.css"/>');
    }
  });
});
