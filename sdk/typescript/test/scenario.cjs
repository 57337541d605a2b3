// One scenario run against both builds (esm.test.mjs imports the ESM entry point, cjs.test.cjs
// requires the CommonJS one): a local stub of the API answers as the real one does, and records
// what the client sent.
const assert = require("node:assert/strict");
const http = require("node:http");

const product = {
  id: "0b7e5c1a-4f2d-4c55-9a41-2f0d6f1e9b3c",
  name: "Rose soap",
  price: { currency_code: "GBP", minor_units: "2499" },
};

function startStub() {
  const seen = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body });
      const url = new URL(req.url, "http://stub");
      const send = (status, value) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(value));
      };
      if (req.method === "GET" && url.pathname === "/api/v1/products") {
        return send(200, { products: [product], next_page_token: "" });
      }
      if (req.method === "POST" && url.pathname === "/api/v1/carts") {
        return send(200, { cart: { id: "c1", lines: [] } });
      }
      return send(404, {
        code: 5,
        message: "product not found",
        details: [
          {
            "@type": "type.googleapis.com/google.rpc.ErrorInfo",
            reason: "product_not_found",
            domain: "atelier.store",
            metadata: { id: "x" },
          },
        ],
      });
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, seen, baseUrl: `http://127.0.0.1:${server.address().port}/` }),
    );
  });
}

async function scenario(sdk) {
  const { server, seen, baseUrl } = await startStub();
  try {
    const { createAtelierClient, unwrap, AtelierError, errorReason, isAtelierError } = sdk;
    const client = createAtelierClient({ baseUrl, apiKey: "atl_testkey" });

    const list = await unwrap(
      client.GET("/api/v1/products", { params: { query: { page_size: 12, search: "rose" } } }),
    );
    assert.deepEqual(list.products, [product]);
    assert.equal(list.products[0].price.minor_units, "2499", "int64 stays a string");
    assert.equal(
      seen[0].url,
      "/api/v1/products?page_size=12&search=rose",
      "no double slash, query serialised",
    );
    assert.equal(seen[0].authorization, "Bearer atl_testkey");

    const created = await unwrap(client.POST("/api/v1/carts", { body: {} }));
    assert.equal(created.cart.id, "c1");
    assert.equal(seen[1].body, "{}");

    const { error, response } = await client.GET("/api/v1/products/{id}", {
      params: { path: { id: "nope" } },
    });
    assert.equal(response.status, 404);
    assert.equal(errorReason(error), "product_not_found");

    await assert.rejects(
      unwrap(client.GET("/api/v1/products/{id}", { params: { path: { id: "nope" } } })),
      (err) => {
        assert.ok(err instanceof AtelierError);
        assert.ok(isAtelierError(err, "product_not_found"));
        assert.equal(err.status, 404);
        assert.equal(err.code, 5);
        assert.equal(err.metadata.id, "x");
        assert.equal(err.message, "product not found");
        return true;
      },
    );

    const anonymous = createAtelierClient({ baseUrl });
    await unwrap(anonymous.GET("/api/v1/products"));
    assert.equal(seen.at(-1).authorization, undefined, "no key, no header");

    // A fetch of one's own is used as given.
    const calls = [];
    const custom = createAtelierClient({
      baseUrl: "https://shop.invalid",
      fetch: async (request) => {
        calls.push(request.url);
        return new Response(JSON.stringify({ products: [], next_page_token: "" }), {
          headers: { "Content-Type": "application/json" },
        });
      },
    });
    await unwrap(custom.GET("/api/v1/products"));
    assert.deepEqual(calls, ["https://shop.invalid/api/v1/products"]);

    assert.throws(() => createAtelierClient({ baseUrl, apiKey: " " }), TypeError);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }

  // No answer at all: a closed port.
  const { baseUrl: closed, server: gone } = await startStub();
  await new Promise((resolve) => gone.close(resolve));
  const offline = sdk.createAtelierClient({ baseUrl: closed });
  await assert.rejects(
    sdk.unwrap(offline.GET("/api/v1/products")),
    (err) => err instanceof sdk.AtelierError && err.reason === "network" && err.status === 0,
  );
}

module.exports = { scenario };
