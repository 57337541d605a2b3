import { describe, expect, it } from "vitest";
import {
  maxRememberedOrders,
  ordersCookieName,
  rememberedOrderToken,
  rememberOrderToken,
} from "./order-access.server";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function withCookie(setCookie: string | undefined, url = "http://shop.test/"): Request {
  const value = setCookie?.split(";")[0] ?? "";
  return new Request(url, { headers: { cookie: value } });
}

describe("orders cookie", () => {
  it("remembers a guest's order token in an HttpOnly, SameSite=Lax cookie for the whole shop", () => {
    const cookie = rememberOrderToken(new Request("http://shop.test/checkout"), id(1), "tok.en-1");
    expect(cookie).toMatch(new RegExp(`^${ordersCookieName}=`));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
    expect(rememberedOrderToken(withCookie(cookie), id(1))).toBe("tok.en-1");
    expect(rememberedOrderToken(withCookie(cookie), id(2))).toBeUndefined();
  });

  it("is Secure over HTTPS", () => {
    expect(rememberOrderToken(new Request("https://shop.test/checkout"), id(1), "token")).toContain("Secure");
  });

  it("keeps the newest orders first and forgets the oldest beyond the cap", () => {
    let cookie: string | undefined;
    for (let n = 1; n <= maxRememberedOrders + 2; n++)
      cookie = rememberOrderToken(withCookie(cookie), id(n), `token-${n}`);
    expect(rememberedOrderToken(withCookie(cookie), id(maxRememberedOrders + 2))).toBe(
      `token-${maxRememberedOrders + 2}`,
    );
    expect(rememberedOrderToken(withCookie(cookie), id(3))).toBe("token-3");
    expect(rememberedOrderToken(withCookie(cookie), id(2))).toBeUndefined();
    expect(rememberedOrderToken(withCookie(cookie), id(1))).toBeUndefined();
    expect(cookie!.length).toBeLessThan(4096);
  });

  it("replaces an order's token rather than listing it twice", () => {
    const first = rememberOrderToken(new Request("http://shop.test/"), id(1), "old");
    const second = rememberOrderToken(withCookie(first), id(1), "new");
    expect(rememberedOrderToken(withCookie(second), id(1))).toBe("new");
    expect(decodeURIComponent(second!.split(";")[0]!.split("=")[1]!)).toBe(JSON.stringify([[id(1), "new"]]));
  });

  it("keeps nothing that is not an order id and a token", () => {
    expect(rememberOrderToken(new Request("http://shop.test/"), "not-an-id", "token")).toBeUndefined();
    expect(rememberOrderToken(new Request("http://shop.test/"), id(1), "bad;token")).toBeUndefined();
    const tampered = new Request("http://shop.test/", {
      headers: { cookie: `${ordersCookieName}=${encodeURIComponent('[["x","y"],{"a":1}]')}` },
    });
    expect(rememberedOrderToken(tampered, "x")).toBeUndefined();
    const garbage = new Request("http://shop.test/", { headers: { cookie: `${ordersCookieName}=%E0%A4%A` } });
    expect(rememberedOrderToken(garbage, id(1))).toBeUndefined();
  });
});
