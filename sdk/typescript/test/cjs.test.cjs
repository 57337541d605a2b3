// The CommonJS build, required by the package's own name (the "require" condition).
const { test } = require("node:test");
const sdk = require("@atelier-commerce/sdk");
const { scenario } = require("./scenario.cjs");

test("CommonJS entry point calls the API", () => scenario(sdk));

test("require gets the CommonJS build, not the ESM one", () => {
  const assert = require("node:assert/strict");
  assert.match(require.resolve("@atelier-commerce/sdk"), /dist[\\/]cjs[\\/]index\.js$/);
});
