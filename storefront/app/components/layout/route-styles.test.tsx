import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Stylesheets } from "./route-styles";

// The server's half (inline with the nonce, linked without a reader) is in route-styles.server.test.tsx.
describe("Stylesheets in the browser", () => {
  it("keeps what the server inlined, with its text and nonce, and links the rest", () => {
    const sent = document.createElement("style");
    sent.dataset.href = "/assets/root-1.css";
    sent.nonce = "n0nce";
    sent.textContent = ".root{color:red}";
    document.head.append(sent);

    const { container } = render(
      <Stylesheets hrefs={["/assets/root-1.css", "/assets/shop-2.css"]} nonce={undefined} />,
    );

    const style = container.querySelector("style[data-href='/assets/root-1.css']");
    expect(style?.textContent).toBe(".root{color:red}");
    expect((style as HTMLStyleElement | null)?.nonce).toBe("n0nce");
    expect(container.querySelector("link[rel=stylesheet]")?.getAttribute("href")).toBe("/assets/shop-2.css");
  });
});
