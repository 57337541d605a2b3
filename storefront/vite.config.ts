import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { port: 3000, strictPort: true },
  // What the client imports through the route modules, bundled before the first page rather than
  // found on it: otherwise the first page of a fresh `just dev` fails to load its entry once, and
  // reloads, while Vite optimises them.
  optimizeDeps: {
    include: [
      "@bufbuild/protobuf",
      "@bufbuild/protobuf/codegenv2",
      "@bufbuild/protobuf/wkt",
      "@connectrpc/connect",
      "@connectrpc/connect-node",
      "zod",
    ],
  },
});
