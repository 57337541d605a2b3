import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Tests render components and route modules in jsdom; the React Router Vite plugin is for the
// app build only, so plain React is used here.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    environment: "jsdom",
    include: ["app/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}", "server/**/*.test.js"],
    setupFiles: ["./test/setup.ts"],
    css: false,
    restoreMocks: true,
  },
});
