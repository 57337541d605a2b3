import { create } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LoginResponseSchema } from "~/gen/atelier/store/v1/auth_service_pb";
import { MergeCartResponseSchema } from "~/gen/atelier/store/v1/cart_service_pb";
import type { Api } from "~/lib/server/api.server";
import { actionArgs, apiError, customerAccount, type FakeApi, loaderArgs } from "~/lib/testing/api";
import { expectAutocomplete } from "~/lib/testing/fields";
import { expectLink } from "~/lib/testing/links";
import { renderRoute } from "~/lib/testing/route";
import LoginRoute, { action, loader } from "./login";

type Login = Api["auth"]["login"];
type Merge = Api["cart"]["mergeCart"];

const token = "tok_0123456789abcdefghijklmnop";
const guestCart = "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11";
const accountCart = "7f1c2a9e-0d4b-4c3e-9b8a-6e5d4c3b2a10";

const signedIn: Login = async () =>
  create(LoginResponseSchema, {
    user: { id: "u-1", firstName: "Ada" },
    session: { token, expiresAt: timestampFromDate(new Date(Date.now() + 7 * 24 * 3600 * 1000)) },
  });
const merged: Merge = async () => create(MergeCartResponseSchema, { cart: { id: accountCart } });

/** The shopper's e-mail and password: as typed into the form, and as the API receives them. */
const credentials = { email: "ada@example.com", password: "correct horse" };

/** Types the credentials into the form and presses Sign In. */
async function signIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Email"), credentials.email);
  await user.type(screen.getByLabelText("Password"), credentials.password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

function renderLogin(opts: { login?: Login; at?: string } = {}) {
  const login = vi.fn<Login>(opts.login ?? signedIn);
  const fake: FakeApi = { auth: { login }, cart: { mergeCart: vi.fn<Merge>(merged) } };
  renderRoute("/login", { Component: LoginRoute, loader, action }, fake, { at: opts.at });
  return { login };
}

describe("login page", () => {
  it("asks for e-mail and password with the autocomplete hints, and links to register and reset", async () => {
    renderLogin();
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    expectAutocomplete({ Email: "email", Password: "current-password" });
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "password");
    expectLink("Create an account", "/register");
    expectLink("Forgot your password?", "/forgot-password");
  });

  it("asks for both fields in the page, announcing and focusing the message, without sending", async () => {
    const user = userEvent.setup();
    const { login } = renderLogin();
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Please enter both email and password");
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      "Please enter both email and password",
    );
    expect(login).not.toHaveBeenCalled();
  });

  it("reads Signing in… while the API answers, then goes where the shopper came from", async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    renderLogin({
      at: "/login?redirectTo=%2Fcart",
      login: () => new Promise((resolve) => (finish = () => void signedIn({}).then(resolve))),
    });
    await signIn(user);
    expect(await screen.findByRole("button", { name: "Signing in…" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await act(async () => finish());
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/cart"));
  });

  it("shows Invalid credentials and keeps the e-mail", async () => {
    const user = userEvent.setup();
    renderLogin({
      login: () =>
        Promise.reject(apiError(Code.Unauthenticated, "Invalid credentials", "invalid_credentials")),
    });
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid credentials");
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("confirms a password reset", async () => {
    renderLogin({ at: "/login?reset=1" });
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Your password has been reset. Please sign in.",
    );
  });
});

describe("login loader", () => {
  it("sends a signed-in shopper on, to a shop path only", async () => {
    const to = async (path: string) => {
      try {
        await loader(loaderArgs(path, {}, undefined, customerAccount) as never);
      } catch (res) {
        return (res as Response).headers.get("location");
      }
      throw new Error("expected a redirect");
    };
    expect(await to("/login?redirectTo=%2Faccount")).toBe("/account");
    expect(await to("/login?redirectTo=%2F%2Fevil.test")).toBe("/");
    expect(await to("/login")).toBe("/");
  });

  it("passes on a safe redirectTo only", async () => {
    expect(await loader(loaderArgs("/login?redirectTo=%2Fshop%3Fcategory%3DVerdant", {}) as never)).toEqual({
      redirectTo: "/shop?category=Verdant",
      reset: false,
    });
    expect(await loader(loaderArgs("/login?redirectTo=https%3A%2F%2Fevil.test", {}) as never)).toEqual({
      redirectTo: "/",
      reset: false,
    });
  });
});

describe("login action", () => {
  function run(
    fields: Record<string, string>,
    api: { login?: Login; mergeCart?: Merge } = {},
    cookie?: string,
  ) {
    const login = vi.fn<Login>(api.login ?? signedIn);
    const mergeCart = vi.fn<Merge>(api.mergeCart ?? merged);
    const res = action(
      actionArgs(
        "/login",
        fields,
        { auth: { login }, cart: { mergeCart } },
        { headers: cookie ? { cookie } : {} },
      ) as never,
    );
    return { login, mergeCart, res };
  }

  function answer(res: Awaited<ReturnType<typeof action>>) {
    if (res instanceof Response) throw new Error(`expected data, got a ${res.status} response`);
    return { body: res.data, status: res.init?.status ?? 200 };
  }

  it("signs in, keeps the session in an HttpOnly cookie, merges the guest cart and goes to redirectTo", async () => {
    const { login, mergeCart, res } = run(
      { email: " ada@example.com ", password: " pass word ", redirectTo: "/cart" },
      {},
      `atelier_cart=${guestCart}`,
    );
    const response = (await res) as Response;
    expect(login).toHaveBeenCalledWith({ email: "ada@example.com", password: " pass word " });
    expect(mergeCart).toHaveBeenCalledWith(
      { guestCartId: guestCart },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/cart");
    const [sessionCookie, cartCookie] = response.headers.getSetCookie();
    expect(sessionCookie).toMatch(
      new RegExp(`^atelier_session=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=(604799|604800)$`),
    );
    expect(cartCookie).toMatch(new RegExp(`^atelier_cart=${accountCart}; Path=/; HttpOnly; SameSite=Lax`));
  });

  it.each([
    "//evil.test",
    "//evil",
    "https://evil.test",
    "https://evil",
    "/\\evil.test",
    "/\\evil",
    "/\t/evil.test",
    "/\n/evil.test",
    "/LOGIN/",
    "/Register",
    "evil",
  ])("goes home instead of to redirectTo=%j", async (redirectTo) => {
    const response = (await run({ email: "ada@example.com", password: "pass word", redirectTo })
      .res) as Response;
    expect(response.headers.get("location")).toBe("/");
  });

  it("goes to a redirectTo with characters a header cannot hold, percent-encoded, rather than failing after the sign-in", async () => {
    const { login, mergeCart, res } = run(
      { email: "ada@example.com", password: "pass word", redirectTo: "/shop?search=\u2028caf\u00e9" },
      {},
      `atelier_cart=${guestCart}`,
    );
    const response = await res;
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(302);
    expect((response as Response).headers.get("location")).toBe("/shop?search=%E2%80%A8caf%C3%A9");
    expect((response as Response).headers.getSetCookie()).toHaveLength(2);
    expect(login).toHaveBeenCalledTimes(1);
    expect(mergeCart).toHaveBeenCalledTimes(1);
  });

  it("takes an encoded redirectTo from the URL the same way", async () => {
    const login = vi.fn<Login>(signedIn);
    const res = (await action(
      actionArgs(
        "/login?redirectTo=%2Fa%E2%80%A8b",
        { email: "ada@example.com", password: "pass word" },
        { auth: { login }, cart: { mergeCart: merged } },
      ) as never,
    )) as Response;
    expect(res.headers.get("location")).toBe("/a%E2%80%A8b");
  });

  it("needs both fields, without calling the API", async () => {
    const { login, res } = run({ email: "ada@example.com", password: "" });
    expect(answer(await res)).toEqual({
      body: { error: "Please enter both email and password", email: "ada@example.com" },
      status: 400,
    });
    expect(login).not.toHaveBeenCalled();
  });

  it("answers Invalid credentials for a wrong password or unknown address", async () => {
    const { res } = run(
      { email: "ada@example.com", password: "nope" },
      {
        login: () =>
          Promise.reject(apiError(Code.Unauthenticated, "Invalid credentials", "invalid_credentials")),
      },
    );
    expect(answer(await res)).toEqual({
      body: { error: "Invalid credentials", email: "ada@example.com" },
      status: 401,
    });
  });

  it("says how long to wait when throttled", async () => {
    const { res } = run(
      { email: "ada@example.com", password: "nope" },
      {
        login: () =>
          Promise.reject(
            apiError(Code.ResourceExhausted, "too many attempts", "too_many_attempts", {
              "Retry-After": "120",
            }),
          ),
      },
    );
    expect(answer(await res)).toEqual({
      body: {
        error: "Too many sign-in attempts. Please wait 2 minutes and try again.",
        email: "ada@example.com",
      },
      status: 429,
    });
  });

  it("apologises when the API cannot be reached", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { res } = run(
      { email: "ada@example.com", password: "nope" },
      { login: () => Promise.reject(new ConnectError("down", Code.Unavailable)) },
    );
    expect(answer(await res).status).toBe(503);
  });
});

describe("two-factor sign-in", () => {
  const totpRequired = () =>
    Promise.reject(
      apiError(Code.FailedPrecondition, "Enter the code from your authenticator app.", "totp_required"),
    );
  /** A login that wants the second factor, and signs in once the request carries it in `field`. */
  const secondFactorIn =
    (field: "totpCode" | "recoveryCode"): Login =>
    async (req) =>
      (req as Record<string, unknown>)[field] ? signedIn(req) : totpRequired();
  /** Presses Sign In, expecting to arrive signed in, the API sent the credentials and `factor`. */
  const finishSignIn = async (
    user: ReturnType<typeof userEvent.setup>,
    login: ReturnType<typeof vi.fn<Login>>,
    factor: Record<string, string>,
  ) => {
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/"));
    expect(login).toHaveBeenLastCalledWith({ ...credentials, ...factor });
  };

  it("asks for the one-time code once the password is right, keeps the password and sends both", async () => {
    const user = userEvent.setup();
    const { login } = renderLogin({ login: secondFactorIn("totpCode") });
    await signIn(user);

    const code = await screen.findByLabelText("Authentication Code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Enter the 6-digit code from your authenticator app.",
    );
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveValue(credentials.password);
    expect(screen.getByText("Use a recovery code")).toBeInTheDocument();

    await user.type(code, "123 456");
    await finishSignIn(user, login, { totpCode: "123456" });
  });

  it("takes a recovery code instead", async () => {
    const user = userEvent.setup();
    const { login } = renderLogin({ login: secondFactorIn("recoveryCode") });
    await signIn(user);
    await user.click(await screen.findByText("Use a recovery code"));
    await user.type(screen.getByLabelText("Recovery Code"), "abcd-efgh-ijkl-mnop");
    await finishSignIn(user, login, { recoveryCode: "abcd-efgh-ijkl-mnop" });
  });

  it("stays at the code step after a wrong code, with the password and code cleared", async () => {
    const user = userEvent.setup();
    renderLogin({
      login: (req) =>
        (req as { totpCode?: string }).totpCode
          ? Promise.reject(apiError(Code.Unauthenticated, "Invalid credentials", "invalid_credentials"))
          : totpRequired(),
    });
    await signIn(user);
    await user.type(await screen.findByLabelText("Authentication Code"), "000000");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid credentials");
    expect(screen.getByLabelText("Authentication Code")).toHaveValue("");
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("asks for a code in the page before sending", async () => {
    const user = userEvent.setup();
    const { login } = renderLogin({ login: totpRequired });
    await signIn(user);
    await screen.findByLabelText("Authentication Code");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please enter the code from your authenticator app, or a recovery code.",
    );
    expect(login).toHaveBeenCalledTimes(1);
  });
});

describe("two-factor login action", () => {
  /** What the first step posted, and the API receives with the second factor. */
  const posted = { email: "ada@example.com", password: "pw" };
  function run(fields: Record<string, string>, login: Login) {
    const fn = vi.fn<Login>(login);
    const res = action(
      actionArgs("/login", fields, { auth: { login: fn }, cart: { mergeCart: merged } }) as never,
    );
    return { login: fn, res };
  }
  async function answer(res: ReturnType<typeof action>) {
    const r = await res;
    if (r instanceof Response) throw new Error(`expected data, got a ${r.status} response`);
    return { body: r.data, status: r.init?.status ?? 200 };
  }
  const totpRequired = () =>
    Promise.reject(apiError(Code.FailedPrecondition, "Enter the code", "totp_required"));

  it("answers with the code step on reason totp_required; after a plain post the password is asked for again", async () => {
    expect(await answer(run(posted, totpRequired).res)).toEqual({
      body: { error: null, email: "ada@example.com", codeStep: true, keptPassword: false },
      status: 200,
    });
    expect(await answer(run({ ...posted, enhanced: "1" }, totpRequired).res)).toEqual({
      body: { error: null, email: "ada@example.com", codeStep: true, keptPassword: true },
      status: 200,
    });
  });

  it("decides on the reason, not the message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const other = () => Promise.reject(apiError(Code.FailedPrecondition, "totp_required", "something_else"));
    expect((await answer(run(posted, other).res)).status).toBe(503);
  });

  it("sends the code's digits, or the recovery code alone", async () => {
    const withCode = run({ ...posted, codeStep: "1", totpCode: " 123 456 " }, signedIn);
    expect(((await withCode.res) as Response).status).toBe(302);
    expect(withCode.login).toHaveBeenCalledWith({ ...posted, totpCode: "123456" });
    const withRecovery = run(
      { ...posted, codeStep: "1", totpCode: "", recoveryCode: "abcd-efgh-ijkl-mnop" },
      signedIn,
    );
    expect(((await withRecovery.res) as Response).status).toBe(302);
    expect(withRecovery.login).toHaveBeenCalledWith({ ...posted, recoveryCode: "abcd-efgh-ijkl-mnop" });
  });

  it("refuses a missing or malformed code without calling the API", async () => {
    const missing = run({ ...posted, codeStep: "1" }, signedIn);
    expect(await answer(missing.res)).toEqual({
      body: {
        error: "Please enter the code from your authenticator app, or a recovery code.",
        email: "ada@example.com",
        codeStep: true,
      },
      status: 400,
    });
    const malformed = run({ ...posted, codeStep: "1", totpCode: "12ab56" }, signedIn);
    expect((await answer(malformed.res)).status).toBe(400);
    expect(missing.login).not.toHaveBeenCalled();
    expect(malformed.login).not.toHaveBeenCalled();
  });

  it("answers a wrong code like a wrong password, staying at the code step", async () => {
    const wrong = () =>
      Promise.reject(apiError(Code.Unauthenticated, "Invalid credentials", "invalid_credentials"));
    expect(await answer(run({ ...posted, codeStep: "1", totpCode: "000000" }, wrong).res)).toEqual({
      body: { error: "Invalid credentials", email: "ada@example.com", codeStep: true },
      status: 401,
    });
  });
});
