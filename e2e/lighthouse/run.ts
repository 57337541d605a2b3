// `npm run lighthouse`: starts the suite's stack (production storefront build, seeded API), runs
// Lighthouse on the home page, the shop and a product page, as a phone (Lighthouse's default
// mobile emulation) and as a desktop, and prints the four category scores per page and form
// factor. Scores are reported, not asserted: the exit status is non-zero only when a run could
// not produce scores. HTML reports and a JSON summary go to lighthouse-report/ (git-ignored).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromiumArgs, chromiumPath } from "../stack/chromium.ts";
import { e2eDir, type Stack, startStack } from "../stack/stack.ts";

const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
const formFactors = ["mobile", "desktop"] as const;
const reportDir = path.join(e2eDir, "lighthouse-report");
const chromeFlags = ["--headless", "--no-first-run", ...chromiumArgs];

type Row = {
  page: string;
  formFactor: (typeof formFactors)[number];
  scores: Partial<Record<(typeof categories)[number], number | null>>;
  error?: string;
};

let stack: Stack | undefined;
let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= stack?.stop() ?? Promise.resolve());
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.once(sig, () => {
    console.error(`\n${sig}: stopping the stack`);
    void stop().finally(() => process.exit(130));
  });
}

const started = Date.now();
const rows: Row[] = [];
try {
  // With E2E_BASE_URL and E2E_API_URL set, audit that stack instead of starting one.
  stack =
    process.env.E2E_BASE_URL && process.env.E2E_API_URL
      ? {
          baseURL: process.env.E2E_BASE_URL,
          apiURL: process.env.E2E_API_URL,
          backofficeURL:
            process.env.E2E_BACKOFFICE_URL || `${process.env.E2E_API_URL.replace(/\/$/, "")}/admin/`,
          mailURL: process.env.E2E_MAIL_URL ?? "",
          stop: async () => {},
        }
      : await startStack();
  const product = await productPath(stack.apiURL, "Huile Précieuse Rose Facial Oil");
  const pages = [
    { name: "home", path: "/" },
    { name: "shop", path: "/shop" },
    { name: "product", path: product },
  ];
  rmSync(reportDir, { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });

  for (const page of pages) {
    for (const formFactor of formFactors) {
      const url = stack.baseURL + page.path;
      process.stdout.write(`[lighthouse] ${page.name} (${formFactor}) ${url} … `);
      const row = await audit(url, page.name, formFactor);
      rows.push(row);
      console.log(row.error ? `failed: ${row.error}` : "done");
    }
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await stop();
}

if (rows.length > 0) {
  printTable(rows);
  writeFileSync(
    path.join(reportDir, "summary.json"),
    `${JSON.stringify({ date: new Date().toISOString(), rows }, null, 2)}\n`,
  );
  console.log(
    `\nHTML reports: ${path.relative(process.cwd(), reportDir)}/<page>-<form factor>.html  (${((Date.now() - started) / 1000).toFixed(0)}s in all)`,
  );
}
if (rows.some((r) => r.error)) process.exitCode = 1;

async function audit(url: string, name: string, formFactor: Row["formFactor"]): Promise<Row> {
  // A fresh browser (and profile) per run, so one page's cache or cookies cannot flatter another's.
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "html", logLevel: "error", onlyCategories: [...categories] },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    if (!result) return { page: name, formFactor, scores: {}, error: "Lighthouse returned no result" };
    writeFileSync(path.join(reportDir, `${name}-${formFactor}.html`), String(result.report));
    const lhr = result.lhr;
    const scores: Row["scores"] = {};
    for (const c of categories) {
      const score = lhr.categories[c]?.score;
      scores[c] = typeof score === "number" ? Math.round(score * 100) : null;
    }
    return {
      page: name,
      formFactor,
      scores,
      error: lhr.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
    };
  } catch (err) {
    return { page: name, formFactor, scores: {}, error: (err as Error).message };
  } finally {
    await chrome.kill();
  }
}

async function productPath(apiURL: string, name: string): Promise<string> {
  const res = await fetch(
    `${apiURL}/api/v1/products?${new URLSearchParams({ search: name, page_size: "6" })}`,
  );
  if (!res.ok) throw new Error(`looking up ${name}: ${res.status}`);
  const body = (await res.json()) as { products?: { id: string; name: string }[] };
  const product = body.products?.find((p) => p.name === name) ?? body.products?.[0];
  if (!product) throw new Error(`no product to audit (looked for ${name})`);
  return `/product/${product.id}`;
}

function printTable(rows: Row[]) {
  const header = ["page", "form factor", ...categories];
  const body = rows.map((r) => [
    r.page,
    r.formFactor,
    ...categories.map((c) => (r.error && r.scores[c] === undefined ? "error" : String(r.scores[c] ?? "–"))),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log(
    `\n${line(header)}\n|${widths.map((w, i) => (i < 2 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const b of body) console.log(line(b));
}
