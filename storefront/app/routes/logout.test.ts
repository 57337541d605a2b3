import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { describe, expect, it, vi } from "vitest";
import { LogoutResponseSchema } from "~/gen/atelier/store/v1/auth_service_pb";
import type { Api } from "~/lib/server/api.server";
import { actionArgs, customerAccount } from "~/lib/testing/api";
import { action, loader } from "./logout";

type Logout = Api["auth"]["logout"];
const cookie =
  "atelier_session=tok_0123456789abcdefghijklmnop; atelier_cart=0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11";

/** Posts to /logout as a signed-in customer whose browser holds the session and cart cookies. */
const signOut = async (logout: Logout) =>
  (await action(
    actionArgs(
      "/logout",
      {},
      { auth: { logout } },
      { session: customerAccount, headers: { cookie } },
    ) as never,
  )) as Response;

describe("logout", () => {
  it("revokes the session, forgets it and the account's cart, and goes home", async () => {
    const logout = vi.fn<Logout>(async () => create(LogoutResponseSchema, {}));
    const res = await signOut(logout);
    expect(logout).toHaveBeenCalledOnce();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.getSetCookie()).toEqual([
      "atelier_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
      "atelier_cart=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    ]);
  });

  it("still signs out of this browser when the API cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const logout = vi.fn<Logout>(() => Promise.reject(new ConnectError("down", Code.Unavailable)));
    const res = await signOut(logout);
    expect(res.headers.getSetCookie()[0]).toMatch(/^atelier_session=; /);
  });

  it("changes nothing on a GET", () => {
    const res = loader();
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect(res.headers.get("set-cookie")).toBeNull();
  });
});
