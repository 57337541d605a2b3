// The browser for the suite and the Lighthouse script: Debian's Chromium (CHROME_PATH overrides
// it; never `playwright install`, browser downloads fail on these machines), without the sandbox,
// the GPU or the browser's own background traffic.
export const chromiumPath = process.env.CHROME_PATH || "/usr/bin/chromium";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
