// Hardening of what the storefront sends (issue 16): every page carries a nonce-based
// Content-Security-Policy that its own scripts live with (they run, hydrate and navigate, and the
// browser reports no violation), nothing may frame it, responses that are not pages allow nothing,
// a forged Host never reaches the links the shop writes about itself, and the production server
// refuses to start without STOREFRONT_URL.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, type Response, test } from "@playwright/test";
import { newShopper, register } from "./support/account.ts";
import { listProducts, productInfo, toast, waitForHydration } from "./support/shop.ts";

const storefrontDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..", "storefront");

type Directives = Record<string, string>;

function directives(policy: string): Directives {
  return Object.fromEntries(
    policy
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(" ") + 1)]),
  );
}

/** CSP violations the page reports (a listener added before any of its scripts), console errors and script errors. */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`script error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { cspViolations: string[] };
    w.cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.cspViolations.push(
        `${e.effectiveDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  return async () => {
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [],
    );
    return [...problems, ...violations.map((v) => `CSP violation: ${v}`)];
  };
}

/**
 * The document's policy: a fresh nonce on every inline and module script React Router rendered,
 * nothing inline without it, no framing, no plugins, no <base>, forms only to this shop.
 */
async function expectNoncePolicy(res: Response | null, what: string, seen: Set<string>): Promise<Directives> {
  expect(res, what).not.toBeNull();
  const csp = res!.headers()["content-security-policy"] ?? "";
  const d = directives(csp);
  const nonce = /'nonce-([A-Za-z0-9+/]+=*)'/.exec(d["script-src"] ?? "")?.[1];
  expect(nonce, `${what}: a nonce in script-src of ${JSON.stringify(csp)}`).toBeTruthy();
  expect(seen.has(nonce!), `${what}: a nonce never used before`).toBe(false);
  seen.add(nonce!);
  expect(d["script-src"], what).not.toContain("unsafe-inline");
  expect(d["script-src"], what).not.toContain("unsafe-eval");
  expect(d["frame-ancestors"], what).toBe("'none'");
  expect(d["object-src"], what).toBe("'none'");
  expect(d["base-uri"], what).toBe("'none'");
  expect(d["form-action"], what).toBe("'self'");
  expect(res!.headers()["x-frame-options"], what).toBe("DENY");
  // Over plain HTTP there is no HSTS (the stack is http://).
  expect(res!.headers()["strict-transport-security"], what).toBeUndefined();

  const html = await res!.text();
  const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter(
    (tag) => !/type="application\/ld\+json"/.test(tag),
  );
  expect(scripts.length, `${what}: React Router's scripts`).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, what).toContain(`nonce="${nonce}"`);
  // Every <style> outside <noscript> is the page's own stylesheet under the nonce (the policy
  // refuses any other): the built stylesheets go in the document.
  const styles = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "").match(/<style\b[^>]*>/g) ?? [];
  expect(styles.length, `${what}: its stylesheets`).toBeGreaterThan(0);
  for (const tag of styles) {
    expect(tag, what).toMatch(/^<style data-href="\/assets\/[\w.-]+\.css" nonce="[^"]+">$/);
    expect(tag, what).toContain(`nonce="${nonce}"`);
  }
  return d;
}

/**
 * Scripts run: the header's Shop menu opens (only a script can do that), and its All Products link
 * is followed by the client-side router, in the same document (its data fetched under the policy).
 */
async function expectScriptsRun(page: Page, what: string) {
  const shop = page.getByRole("banner").getByRole("button", { name: "Shop" });
  await expect(async () => {
    if ((await shop.getAttribute("aria-expanded")) !== "true") await shop.click();
    await expect(shop).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
  }, `${what}: the Shop menu opens`).toPass();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole("banner").getByRole("link", { name: "All Products" }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Luxury Beauty Products");
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    `${what}: a client-side navigation`,
  ).toBe(true);
}

test("every key page carries a nonce-based CSP its scripts live with, and cannot be framed", async ({
  page,
  request,
}) => {
  const problems = await watch(page);
  const nonces = new Set<string>();
  const { products } = await listProducts(request, { page_size: 48 });
  const product = products.find((p) => p.stock_quantity >= 20)!;

  const plainPages: [string, string][] = [
    ["home", "/"],
    ["shop", "/shop"],
    ["login", "/login"],
  ];
  for (const [what, url] of plainPages) {
    await test.step(what, async () => {
      const d = await expectNoncePolicy(await page.goto(url), what, nonces);
      // No Stripe outside checkout.
      expect(d["script-src"], what).not.toContain("stripe");
      expect(d["frame-src"], what).toBe("'none'");
      await expectScriptsRun(page, what);
    });
  }

  await test.step("product", async () => {
    await expectNoncePolicy(await page.goto(`/product/${product.id}`), "product", nonces);
    await waitForHydration(page);
    await productInfo(page, product.name).getByRole("button", { name: "Add to Cart" }).click();
    await expect(toast(page, `${product.name} added to cart`)).toBeVisible();
    await expectScriptsRun(page, "product");
  });

  await test.step("cart", async () => {
    await expectNoncePolicy(await page.goto("/cart"), "cart", nonces);
    await waitForHydration(page);
    await expectScriptsRun(page, "cart");
  });

  await test.step("checkout", async () => {
    const d = await expectNoncePolicy(await page.goto("/checkout"), "checkout", nonces);
    // Stripe is allowed here, and only here.
    expect(d["script-src"]).toContain("https://js.stripe.com");
    expect(d["frame-src"]).toContain("https://js.stripe.com");
    // Hydrated: the Pay button shows the total.
    await expect(page.getByRole("main").getByRole("button", { name: /^Pay £\d/ })).toBeVisible();
    // Checkout's focused header has no Shop menu: its way back to the cart proves the scripts run
    // (a client-side navigation).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole("banner").getByRole("link", { name: "Back to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Shopping Cart");
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
      "checkout: a client-side navigation",
    ).toBe(true);
  });

  await test.step("account", async () => {
    await register(page, newShopper("csp"));
    await expectNoncePolicy(await page.goto("/account"), "account", nonces);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectScriptsRun(page, "account");
  });

  expect(await problems(), "no CSP violation, console error or script error").toEqual([]);
});

test("a page is not shown inside another site's frame", async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on("console", (m) => problems.push(m.text()));
  // A page on another origin (about:blank's opener is the test) framing the shop.
  await page.setContent(`<iframe title="shop" src="${baseURL}/"></iframe>`);
  const frame = page.frameLocator('iframe[title="shop"]');
  await expect
    .poll(() => problems.join("\n"), { message: "Chromium refuses to frame the shop" })
    .toMatch(/frame-ancestors|X-Frame-Options|refused to connect|Refused to display/i);
  await expect(frame.getByRole("banner")).toHaveCount(0);
});

test("responses that are not pages carry a policy that allows nothing; 404 pages carry the page policy", async ({
  request,
}) => {
  for (const url of ["/robots.txt", "/sitemap.xml", "/favicon.svg"]) {
    const res = await request.get(url);
    const d = directives(res.headers()["content-security-policy"] ?? "");
    expect(d["default-src"], url).toBe("'none'");
    expect(d["frame-ancestors"], url).toBe("'none'");
  }
  const missing = await request.get("/no-such-page");
  expect(missing.status()).toBe(404);
  expect(directives(missing.headers()["content-security-policy"] ?? "")["script-src"]).toMatch(
    /^'self' 'nonce-[A-Za-z0-9+/]+=*'$/,
  );
  // A client's own X-Forwarded-Proto (no trusted proxy here) does not earn HSTS.
  const claimed = await request.get("/", { headers: { "x-forwarded-proto": "https" } });
  expect(claimed.headers()["strict-transport-security"]).toBeUndefined();
});

test("a forged Host never reaches canonical links, og:url, JSON-LD, the sitemap or robots.txt", async ({
  request,
  baseURL,
}) => {
  const { products } = await listProducts(request, { page_size: 6 });
  const forged = { host: "evil.test", "x-forwarded-host": "evil.test", "x-forwarded-proto": "https" };
  for (const url of ["/", "/shop", `/product/${products[0]!.id}`, "/robots.txt", "/sitemap.xml"]) {
    const res = await request.get(url, { headers: forged });
    expect(res.status(), url).toBe(200);
    const body = await res.text();
    expect(body, url).not.toContain("evil.test");
    // The configured STOREFRONT_URL is what they name.
    expect(body, url).toContain(baseURL!);
  }
  // The forged Host does arrive (React Router's own check, which compares Origin with Host, lets
  // this post through), but a post from evil.test is still not from the shop.
  const post = await request.post("/contact", {
    headers: { host: "evil.test", origin: "http://evil.test" },
    form: { name: "x" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);
});

test("the production server refuses to start without STOREFRONT_URL", async () => {
  test.skip(
    !existsSync(path.join(storefrontDir, "build", "server", "index.js")),
    "no storefront build (an external stack)",
  );
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1" };
  delete env.STOREFRONT_URL;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: storefrontDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (b) => (output += b));
  child.stderr.on("data", (b) => (output += b));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      resolve(null);
    }, 30_000);
    child.on("exit", (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  expect(code, output).toBe(1);
  expect(output).toContain("STOREFRONT_URL is required in production");
  expect(output).not.toContain("[storefront] http://");
});
