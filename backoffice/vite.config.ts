/// <reference types="vitest/config" />

import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The back office lives under /admin/ on the API's own origin: in production `atelier serve`
// (or a reverse proxy) serves the built files there, and in development Vite does, passing the
// back office's API door (/admin/api/) and River's UI (/admin/jobs/) to the API, so the session
// cookie (HttpOnly, SameSite=Strict, Path=/admin/) reaches it without any script holding it.
const api = process.env.API_URL ?? "http://localhost:8080";

export default defineConfig({
  base: "/admin/",
  plugins: [react()],
  resolve: { alias: { "~": fileURLToPath(new URL("./src", import.meta.url)) } },
  server: {
    proxy: {
      "/admin/api/": { target: api },
      "/admin/jobs/": { target: api },
      // The shop's product images, which the API serves.
      "/media/": { target: api },
    },
  },
  build: { sourcemap: true },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
  },
});
