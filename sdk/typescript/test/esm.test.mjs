// The ESM build, imported by the package's own name as a Node ES module would (the "import"
// condition of package.json's exports).
import { test } from "node:test";
import * as sdk from "@atelier-commerce/sdk";
import scenarioModule from "./scenario.cjs";

test("ESM entry point calls the API", () => scenarioModule.scenario(sdk));
