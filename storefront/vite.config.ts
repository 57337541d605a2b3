import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  server: { port: 3000, strictPort: true },
  // React, React DOM and React Router go to the browser as one module (ADR 015). Every page needs
  // all of them, so splitting them gains nothing, and a phone pays for each extra request; left
  // to itself the bundler made four, named after whatever module came first ("jsx-runtime").
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
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
