import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { GetMeResponseSchema, SessionSchema } from "~/gen/atelier/store/v1/auth_service_pb";
import { MergeCartResponseSchema } from "~/gen/atelier/store/v1/cart_service_pb";
import { UserSchema } from "~/gen/atelier/store/v1/user_pb";
import { MergeWishlistResponseSchema } from "~/gen/atelier/store/v1/wishlist_service_pb";
import { Role } from "~/gen/atelier/type/v1/role_pb";
import { apiError } from "~/lib/testing/api";
import { type Api, apiContext } from "./api.server";
import { isSecure } from "./cookies.server";
import {
  endSessionHeaders,
  errorReason,
  readSessionToken,
  sessionContext,
  sessionCookie,
  sessionCookieName,
  sessionMiddlewareWith,
  startSession,
  throttledMessage,
  toAccount,
} from "./session.server";

const token = "tok_0123456789abcdefghijklmnop";
const guestCart = "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11";
const accountCart = "7f1c2a9e-0d4b-4c3e-9b8a-6e5d4c3b2a10";

function session(expiresInSeconds?: number, now = Date.now()) {
  return create(SessionSchema, {
    token,
    expiresAt:
      expiresInSeconds === undefined ? undefined : timestampFromDate(new Date(now + expiresInSeconds * 1000)),
  });
}

describe("sessionCookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole shop, and lasts as long as the session", () => {
    const now = Date.now();
    const cookie = sessionCookie(new Request("http://shop.test/login"), session(3600, now), now);
    expect(cookie).toBe(`atelier_session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600`);
  });

  it("is Secure over HTTPS; a client's own X-Forwarded-Proto proves nothing", () => {
    expect(sessionCookie(new Request("https://shop.test/login"), session(60))).toMatch(/; Secure$/);
    expect(
      sessionCookie(
        new Request("http://shop.test/login", { headers: { "x-forwarded-proto": "https" } }),
        session(60),
      ),
    ).not.toMatch(/Secure/);
  });

  it("is Secure whenever the shop's public origin is HTTPS", () => {
    expect(isSecure(new Request("http://shop.test/login"), "https://shop.example")).toBe(true);
    expect(isSecure(new Request("http://shop.test/login"), "http://localhost:3000")).toBe(false);
  });

  it("over HTTPS is a __Host- cookie: Secure, Path=/ and no Domain, so no other host can set it", () => {
    const now = Date.now();
    const cookie = sessionCookie(new Request("https://shop.test/login"), session(60, now), now);
    expect(cookie).toBe(
      `__Host-atelier_session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure`,
    );
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("keeps the plain name over http, where a browser would refuse a __Host- cookie", () => {
    expect(sessionCookieName(new Request("http://localhost:3000/"))).toBe("atelier_session");
    expect(sessionCookieName(new Request("https://shop.test/"))).toBe("__Host-atelier_session");
  });

  it("is read under the name of the request's scheme only", () => {
    const both = { cookie: `atelier_session=${token}x; __Host-atelier_session=${token}` };
    expect(readSessionToken(new Request("https://shop.test/", { headers: both }))).toBe(token);
    expect(readSessionToken(new Request("http://shop.test/", { headers: both }))).toBe(`${token}x`);
    expect(
      readSessionToken(
        new Request("https://shop.test/", { headers: { cookie: `atelier_session=${token}` } }),
      ),
    ).toBeUndefined();
  });

  it("lasts the browser session when the API gives no expiry", () => {
    expect(sessionCookie(new Request("http://shop.test/login"), session())).not.toContain("Max-Age");
  });
});

describe("endSessionHeaders", () => {
  it("deletes the session and the account's cart", () => {
    expect(endSessionHeaders(new Request("http://shop.test/logout")).getSetCookie()).toEqual([
      "atelier_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
      "atelier_cart=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    ]);
  });

  it("deletes the __Host- session over HTTPS", () => {
    expect(endSessionHeaders(new Request("https://shop.test/logout")).getSetCookie()[0]).toBe(
      "__Host-atelier_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
  });
});

describe("startSession", () => {
  it("sets the session cookie and merges the guest cart with the new session's token", async () => {
    const mergeCart = vi.fn<Api["cart"]["mergeCart"]>(async () =>
      create(MergeCartResponseSchema, { cart: { id: accountCart } }),
    );
    const request = new Request("http://shop.test/login", {
      headers: { cookie: `atelier_cart=${guestCart}` },
    });
    const headers = await startSession(
      { cart: { mergeCart } as unknown as Api["cart"], wishlist: {} as Api["wishlist"] },
      request,
      session(60),
    );
    expect(mergeCart).toHaveBeenCalledWith(
      { guestCartId: guestCart },
      { headers: { authorization: `Bearer ${token}` } },
    );
    const cookies = headers.getSetCookie();
    expect(cookies[0]).toMatch(/^atelier_session=tok_/);
    expect(cookies[1]).toMatch(
      new RegExp(`^atelier_cart=${accountCart}; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+$`),
    );
  });

  it("asks for the account's cart even without a guest cart", async () => {
    const mergeCart = vi.fn<Api["cart"]["mergeCart"]>(async () =>
      create(MergeCartResponseSchema, { cart: { id: accountCart } }),
    );
    await startSession(
      { cart: { mergeCart } as unknown as Api["cart"], wishlist: {} as Api["wishlist"] },
      new Request("http://shop.test/login"),
      session(60),
    );
    expect(mergeCart).toHaveBeenCalledWith({ guestCartId: "" }, expect.anything());
  });

  it("still signs in when the merge fails, keeping the guest cart", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const mergeCart = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    const headers = await startSession(
      { cart: { mergeCart } as unknown as Api["cart"], wishlist: {} as Api["wishlist"] },
      new Request("http://shop.test/login"),
      session(60),
    );
    expect(headers.getSetCookie()).toHaveLength(1);
  });

  const saved = "2d2f4eaf-9e5b-4f9f-9f7b-3e3f2f5e4c33";
  const mergeCart = async () => create(MergeCartResponseSchema, { cart: { id: accountCart } });
  /** Signs in from a browser whose guest wishlist holds `saved`. */
  const startWithSavedWishlist = (mergeWishlist: (...args: never[]) => Promise<unknown>) =>
    startSession(
      {
        cart: { mergeCart } as unknown as Api["cart"],
        wishlist: { mergeWishlist } as unknown as Api["wishlist"],
      },
      new Request("http://shop.test/login", { headers: { cookie: `atelier_wishlist=${saved}` } }),
      session(60),
    );

  it("merges the guest wishlist with the new session's token and clears its cookie", async () => {
    const mergeWishlist = vi.fn<Api["wishlist"]["mergeWishlist"]>(async () =>
      create(MergeWishlistResponseSchema, {}),
    );
    const headers = await startWithSavedWishlist(mergeWishlist);
    expect(mergeWishlist).toHaveBeenCalledWith(
      { productIds: [saved] },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(headers.getSetCookie()).toContain("atelier_wishlist=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  });

  it("still signs in when the wishlist merge fails, keeping the guest wishlist for next time", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const mergeWishlist = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    const headers = await startWithSavedWishlist(mergeWishlist);
    const cookies = headers.getSetCookie();
    expect(cookies[0]).toMatch(/^atelier_session=tok_/);
    expect(cookies.some((c) => c.startsWith("atelier_wishlist="))).toBe(false);
  });
});

describe("sessionMiddleware", () => {
  /** getMe answering with Grace's account, in `role`. */
  const graceAs = (role: Role) =>
    vi.fn(async () =>
      create(GetMeResponseSchema, {
        user: { id: "u-2", firstName: "Grace", lastName: "Hopper", email: "g@atelier.test", role },
      }),
    );

  function run(
    cookie: string | undefined,
    getMe: Api["auth"]["getMe"],
    respond: () => Response = () => new Response("page"),
    url = "http://shop.test/",
  ) {
    const made: { token?: string }[] = [];
    const create = (_request: Request, opts: { token?: string } = {}) => {
      made.push(opts);
      return { auth: { getMe } } as unknown as Api;
    };
    const context = new RouterContextProvider();
    const request = new Request(url, { headers: cookie ? { cookie } : {} });
    const res = sessionMiddlewareWith(create)(
      { request, context, params: {}, url: new URL(request.url), pattern: "/" } as never,
      async () => respond(),
    );
    return { made, context, res: res as Promise<Response> };
  }

  it("sends the cookie's token with every call and knows the account", async () => {
    const getMe = graceAs(Role.ADMIN);
    const { made, context, res } = run(`atelier_session=${token}`, getMe);
    const response = await res;
    expect(made).toEqual([{ token }]);
    expect(context.get(sessionContext).account).toEqual({
      id: "u-2",
      firstName: "Grace",
      lastName: "Hopper",
      email: "g@atelier.test",
      role: "admin",
    });
    expect(context.get(apiContext)).toBeDefined();
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("asks nobody when there is no session cookie", async () => {
    const getMe = vi.fn();
    const { made, context } = run(undefined, getMe);
    await Promise.resolve();
    expect(getMe).not.toHaveBeenCalled();
    expect(made).toEqual([{ token: undefined }]);
    expect(context.get(sessionContext).account).toBeNull();
  });

  it("treats a session the API has ended as signed out, and deletes its cookie", async () => {
    const getMe = vi.fn(async () => {
      throw new ConnectError("session expired", Code.Unauthenticated);
    });
    const { made, context, res } = run(`atelier_session=${token}`, getMe);
    const response = await res;
    expect(made).toEqual([{ token }, {}]);
    expect(context.get(sessionContext)).toMatchObject({ account: null, ended: true });
    expect(response.headers.get("set-cookie")).toBe(
      "atelier_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    );
  });

  it("leaves a new session the page set alone", async () => {
    const getMe = vi.fn(async () => {
      throw new ConnectError("session expired", Code.Unauthenticated);
    });
    const fresh = "atelier_session=new_token_0123456789; Path=/; HttpOnly; SameSite=Lax";
    const { res } = run(
      `atelier_session=${token}`,
      getMe,
      () => new Response(null, { status: 302, headers: { "Set-Cookie": fresh } }),
    );
    expect((await res).headers.getSetCookie()).toEqual([fresh]);
  });

  it("over HTTPS uses the __Host- cookie and clears an unprefixed one without reading it", async () => {
    const getMe = graceAs(Role.CUSTOMER);
    const secure = (cookie: string) => run(cookie, getMe, undefined, "https://shop.test/");
    const signedIn = secure(`__Host-atelier_session=${token}`);
    expect((await signedIn.res).headers.get("set-cookie")).toBeNull();
    expect(signedIn.made).toEqual([{ token }]);

    const planted = secure(`atelier_session=${token}`);
    expect((await planted.res).headers.getSetCookie()).toEqual([
      "atelier_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    ]);
    expect(planted.made).toEqual([{ token: undefined }]);
    expect(planted.context.get(sessionContext).account).toBeNull();
  });

  it("keeps the cookie when the API cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const getMe = vi.fn(async () => {
      throw new ConnectError("down", Code.Unavailable);
    });
    const { context, res } = run(`atelier_session=${token}`, getMe);
    expect((await res).headers.get("set-cookie")).toBeNull();
    expect(context.get(sessionContext)).toMatchObject({ account: null, unknown: true });
  });
});

describe("errorReason and throttledMessage", () => {
  it("reads the stable reason from the error's ErrorInfo", () => {
    expect(errorReason(apiError(Code.AlreadyExists, "taken", "email_taken"))).toBe("email_taken");
    expect(errorReason(new ConnectError("plain", Code.Internal))).toBeUndefined();
    expect(errorReason(new Error("x"))).toBeUndefined();
  });

  it("says how long to wait from Retry-After", () => {
    expect(
      throttledMessage(
        apiError(Code.ResourceExhausted, "slow down", "too_many", { "Retry-After": "30" }),
        "sign-in attempts",
      ),
    ).toBe("Too many sign-in attempts. Please wait 30 seconds and try again.");
    expect(
      throttledMessage(
        apiError(Code.ResourceExhausted, "slow down", undefined, { "Retry-After": "61" }),
        "sign-in attempts",
      ),
    ).toBe("Too many sign-in attempts. Please wait 2 minutes and try again.");
    expect(throttledMessage(apiError(Code.ResourceExhausted, "slow down"), "sign-in attempts")).toBe(
      "Too many sign-in attempts. Please wait a few minutes and try again.",
    );
  });
});

describe("toAccount", () => {
  const user = (over: Partial<{ role: Role; totpEnrolmentRequired: boolean }>) =>
    create(UserSchema, {
      id: "u1",
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      ...over,
    });

  it("shows an admin as one", () => {
    expect(toAccount(user({ role: Role.ADMIN })).role).toBe("admin");
  });

  it("shows an admin who must still set up two-factor authentication as a customer, as the API treats them", () => {
    expect(toAccount(user({ role: Role.ADMIN, totpEnrolmentRequired: true })).role).toBe("customer");
  });

  it("shows a customer as one", () => {
    expect(toAccount(user({ role: Role.CUSTOMER })).role).toBe("customer");
  });
});
