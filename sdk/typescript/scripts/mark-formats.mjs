// Tells Node which module format each build folder holds: dist/esm is ESM, dist/cjs CommonJS,
// whatever the "type" of a package that bundles this one.
import { writeFileSync } from "node:fs";

for (const [dir, type] of [
  ["esm", "module"],
  ["cjs", "commonjs"],
]) {
  writeFileSync(new URL(`../dist/${dir}/package.json`, import.meta.url), `${JSON.stringify({ type })}\n`);
}
