// @vitest-environment node

import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { create, type DescMethod, toBinary } from "@bufbuild/protobuf";
import type { Interceptor, UnaryResponse } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GetMeResponseSchema } from "~/gen/atelier/store/v1/auth_service_pb";
import { CartService } from "~/gen/atelier/store/v1/cart_service_pb";
import { CatalogService } from "~/gen/atelier/store/v1/catalog_service_pb";
import { bearer, createApi, memoizeReads, sharedReads } from "./api.server";

type Call = Parameters<Parameters<Interceptor>[0]>[0];

/** A unary call of a real generated method, as the transport hands it to interceptors. */
function call(method: DescMethod, init: Record<string, unknown> = {}): Call {
  return { stream: false, method, message: create(method.input, init) } as unknown as Call;
}

function setup() {
  const next = vi.fn((req: Call) =>
    Promise.resolve({ stream: false, message: req.message } as unknown as UnaryResponse),
  );
  const send = memoizeReads()(next);
  return { next, send };
}

describe("memoizeReads", () => {
  it("answers the same read once per request", async () => {
    const { next, send } = setup();
    const [a, b] = await Promise.all([
      send(call(CatalogService.method.listCategories)),
      send(call(CatalogService.method.listCategories)),
    ]);
    expect(next).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
  });

  it("tells reads apart by their parameters", async () => {
    const { next, send } = setup();
    await send(call(CatalogService.method.getProduct, { id: "rose-serum" }));
    await send(call(CatalogService.method.getProduct, { id: "lip-salve" }));
    await send(call(CatalogService.method.getProduct, { id: "rose-serum" }));
    expect(next).toHaveBeenCalledTimes(2);
  });

  it("reads again after a call that may change things", async () => {
    const { next, send } = setup();
    const cartId = "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11";
    await send(call(CartService.method.getCart, { cartId }));
    await send(call(CartService.method.addCartItem, { cartId, productId: cartId, quantity: 1 }));
    await send(call(CartService.method.getCart, { cartId }));
    expect(next.mock.calls.map(([req]) => req.method.name)).toEqual(["GetCart", "AddCartItem", "GetCart"]);
  });

  it("does not remember a failed read", async () => {
    const { next, send } = setup();
    next.mockRejectedValueOnce(new Error("unavailable"));
    await expect(send(call(CatalogService.method.listCategories))).rejects.toThrow("unavailable");
    await send(call(CatalogService.method.listCategories));
    expect(next).toHaveBeenCalledTimes(2);
  });
});

describe("sharedReads", () => {
  const categories = `${CatalogService.typeName}/${CatalogService.method.listCategories.name}`;

  function shared() {
    let clock = 1_000;
    const next = vi.fn((req: Call) =>
      Promise.resolve({ stream: false, message: req.message } as unknown as UnaryResponse),
    );
    const send = sharedReads(new Set([categories]), 5_000, () => clock)(next);
    const read = (headers: Record<string, string> = {}) =>
      send({ ...call(CatalogService.method.listCategories), header: new Headers(headers) } as Call);
    return { next, read, later: (ms: number) => (clock += ms) };
  }

  it("answers a shop-wide read once for every request within its time", async () => {
    const { next, read, later } = shared();
    const first = await read();
    later(4_999);
    expect(await read(), "another shopper's page, 5 s on").toBe(first);
    expect(next).toHaveBeenCalledTimes(1);
    later(1);
    await read();
    expect(next, "asked again once the time is up").toHaveBeenCalledTimes(2);
  });

  it("never shares a call that carries credentials", async () => {
    const { next, read } = shared();
    await read();
    await read({ authorization: "Bearer s-1" });
    await read({ authorization: "Bearer s-1" });
    expect(next).toHaveBeenCalledTimes(3);
  });

  it("leaves every other read to the API", async () => {
    const { next, read } = shared();
    const send = sharedReads(new Set([categories]), 5_000)(next);
    const product = {
      ...call(CatalogService.method.getProduct, { id: "rose-serum" }),
      header: new Headers(),
    };
    await send(product as Call);
    await send(product as Call);
    await read();
    expect(next).toHaveBeenCalledTimes(3);
  });

  it("does not keep a failed read", async () => {
    const { next, read } = shared();
    next.mockRejectedValueOnce(new Error("unavailable"));
    await expect(read()).rejects.toThrow("unavailable");
    await read();
    await read();
    expect(next).toHaveBeenCalledTimes(2);
  });
});

describe("createApi", () => {
  // A stand-in API that records the headers of each call and answers GetMe.
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/proto" });
      res.end(
        Buffer.from(toBinary(GetMeResponseSchema, create(GetMeResponseSchema, { user: { id: "u-1" } }))),
      );
    });
  });
  let baseUrl = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const request = new Request("http://shop.test/", { headers: { "x-request-id": "req-1" } });

  it("sends the session's token as a bearer token, and the request id", async () => {
    seen.length = 0;
    await createApi(request, { baseUrl, token: "tok_abc" }).auth.getMe({});
    expect(seen[0]).toMatchObject({ authorization: "Bearer tok_abc", "x-request-id": "req-1" });
  });

  it("passes on the shopper's address as the proxy in front recorded it", async () => {
    seen.length = 0;
    await createApi(new Request("http://shop.test/", { headers: { "x-forwarded-for": "203.0.113.7" } }), {
      baseUrl,
    }).auth.getMe({});
    expect(seen[0]?.["x-forwarded-for"]).toBe("203.0.113.7");
  });

  it("sends no Authorization without a session", async () => {
    seen.length = 0;
    await createApi(request, { baseUrl }).auth.getMe({});
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it("lets a call name its own token (a session just started)", async () => {
    seen.length = 0;
    await createApi(request, { baseUrl, token: "tok_old" }).auth.getMe({}, { headers: bearer("tok_new") });
    expect(seen[0]?.authorization).toBe("Bearer tok_new");
  });
});
