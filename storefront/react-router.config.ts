import type { Config } from "@react-router/dev/config";

// Every page renders on the server; the browser bundle only enhances it.
export default {
  ssr: true,
  appDirectory: "app",
  // React Router refuses a form post whose Origin is another host (400) before any of our code
  // runs. "null" is let through to the root middleware (lib/csrf.server.ts), which accepts it only
  // with Sec-Fetch-Site: same-origin: the reset-password page sends no Referer
  // (Referrer-Policy no-referrer, its URL holds a token), and browsers then send Origin: null.
  allowedActionOrigins: ["null"],
} satisfies Config;
