// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stylesheetReader } from "./stylesheets.server";

describe("stylesheetReader", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function build(files: Record<string, string>): string {
    dir = mkdtempSync(path.join(tmpdir(), "stylesheets-"));
    mkdirSync(path.join(dir, "assets"));
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    return dir;
  }

  it("reads a built stylesheet by its public path, once", () => {
    const read = stylesheetReader(build({ "assets/root-AbC123.css": ".a{color:red}" }));
    expect(read("/assets/root-AbC123.css")).toBe(".a{color:red}");
    rmSync(path.join(dir, "assets", "root-AbC123.css"));
    expect(read("/assets/root-AbC123.css"), "kept from the first read").toBe(".a{color:red}");
  });

  it.each([
    ["a file the build does not have", "/assets/missing.css"],
    ["a path outside the assets", "/secret.css"],
    ["a path that climbs out", "/assets/../secret.css"],
    ["something other than a stylesheet", "/assets/root.js"],
    ["a stylesheet whose text would close the element", "/assets/closes.css"],
  ])("leaves %s to be linked", (_name, href) => {
    const read = stylesheetReader(
      build({
        "secret.css": ".s{}",
        "assets/root.js": "x",
        "assets/closes.css": ".a{content:'</STYLE><script>'}",
      }),
    );
    expect(read(href)).toBeUndefined();
  });
});
