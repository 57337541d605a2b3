import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "./zod";

const appDir = join(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "gen" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("zod under the shop's CSP", () => {
  it("never compiles parsers with eval", () => {
    expect(z.config().jitless).toBe(true);
  });

  it("is imported only through ~/lib/zod, so the setting comes before every schema", () => {
    const direct = sourceFiles(appDir)
      .filter((file) => /from "zod(\/[^"]*)?"/.test(readFileSync(file, "utf8")))
      .map((file) => relative(appDir, file));
    expect(direct).toEqual(["lib/zod.ts"]);
  });
});
