import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { refuse } from "~/testing/fake-api";
import { renderRoutes, testAdmin } from "~/testing/render";
import { appRoutes } from "./routes";

// The dashboard, where a signed-in admin lands, answers an empty shop.
const dashboard = { "/api/v1/admin/dashboard": { get: () => ({}) } };
const signedOut = {
  ...dashboard,
  "/api/v1/auth/me": { get: () => refuse(401, "unauthenticated", "Sign in to continue.") },
};

describe("the back office's door", () => {
  it("says Loading... while the session resolves, then shows the signed-in admin", async () => {
    renderRoutes(appRoutes, { url: "/", api: dashboard });
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    expect(await screen.findByText(`${testAdmin.first_name} ${testAdmin.last_name}`)).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Sections" })).toBeInTheDocument();
  });

  it("sends someone not signed in to sign-in, remembering where they were", async () => {
    const { router } = renderRoutes(appRoutes, { url: "/orders?status=paid", api: signedOut });
    expect(await screen.findByRole("heading", { name: "Back office" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/sign-in");
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/orders?status=paid");
  });

  it("returns to sign-in when the session ends while the admin works, then back to the same view", async () => {
    let expired = false;
    const { router } = renderRoutes(appRoutes, {
      url: "/orders?status=paid",
      api: {
        "/api/v1/auth/me": {
          get: () => (expired ? refuse(401, "unauthenticated", "Sign in to continue.") : { user: testAdmin }),
        },
        "/api/v1/admin/orders": {
          get: () => {
            // The session expires (or is revoked) between the admin's check and their next call.
            expired = true;
            return refuse(401, "unauthenticated", "Sign in to continue.");
          },
        },
      },
    });
    expect(await screen.findByRole("heading", { name: "Back office" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/sign-in");
    expect(new URLSearchParams(router.state.location.search).get("next")).toBe("/orders?status=paid");
  });

  it("signs out to a fresh sign-in: the next admin on this browser starts at the dashboard", async () => {
    let signedIn = true;
    const { user, router, calls } = renderRoutes(appRoutes, {
      url: "/orders?status=paid",
      api: {
        "/api/v1/auth/me": {
          get: () =>
            signedIn ? { user: testAdmin } : refuse(401, "unauthenticated", "Sign in to continue."),
        },
        "/api/v1/admin/orders": { get: () => ({ orders: [], total_count: "0", total_pages: 0 }) },
        "/api/v1/auth/logout": {
          post: () => {
            signedIn = false;
            return {};
          },
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(await screen.findByRole("heading", { name: "Back office" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/sign-in");
    expect(router.state.location.search).toBe("");
    expect(calls.some((c) => c.path === "/api/v1/auth/logout")).toBe(true);
  });

  it("refuses a signed-in customer with a clear message", async () => {
    renderRoutes(appRoutes, {
      api: { "/api/v1/auth/me": { get: () => ({ user: { ...testAdmin, role: "ROLE_CUSTOMER" } }) } },
    });
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveTextContent("This account cannot use the back office.");
    expect(screen.getByRole("button", { name: "Sign out" })).toBeInTheDocument();
  });

  it("asks an admin who must enrol in two-factor authentication to do so first", async () => {
    renderRoutes(appRoutes, {
      api: { "/api/v1/auth/me": { get: () => ({ user: { ...testAdmin, totp_enrolment_required: true } }) } },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Set up two-factor authentication");
  });
});

describe("sign-in", () => {
  it("checks the form before sending it", async () => {
    const { user, calls } = renderRoutes(appRoutes, { url: "/sign-in", api: signedOut });
    await user.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("textbox", { name: "E-mail" })).toHaveAccessibleDescription(
      "Enter your e-mail address.",
    );
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Enter your password.");
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("signs an admin in and returns them to where they were", async () => {
    let signedIn = false;
    const { user, router, calls } = renderRoutes(appRoutes, {
      url: "/sign-in?next=%2Forders",
      api: {
        "/api/v1/auth/me": {
          get: () =>
            signedIn ? { user: testAdmin } : refuse(401, "unauthenticated", "Sign in to continue."),
        },
        "/api/v1/auth/login": {
          post: () => {
            signedIn = true;
            return { user: testAdmin, session: { expires_at: "2026-12-27T00:00:00Z" } };
          },
        },
      },
    });
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "ada@atelier.test");
    await user.type(screen.getByLabelText("Password"), "correct horse");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(calls.find((c) => c.path === "/api/v1/auth/login")?.body).toEqual({
      email: "ada@atelier.test",
      password: "correct horse",
    });
  });

  it("never follows a return address to another site", async () => {
    const { user, router } = renderRoutes(appRoutes, {
      url: "/sign-in?next=%2F%2Fevil.example%2F",
      api: {
        ...signedOut,
        "/api/v1/auth/login": { post: () => ({ user: testAdmin }) },
      },
    });
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "ada@atelier.test");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/sign-in"));
    expect(router.state.location.pathname).toBe("/");
  });

  it.each([
    [
      "a customer's account",
      refuse(403, "admin_only", "This account cannot use the back office."),
      "This account cannot use the back office.",
    ],
    ["a wrong password", refuse(401, "invalid_credentials", "Invalid credentials"), "Invalid credentials"],
  ])("says why %s is refused", async (_case, answer, text) => {
    const { user } = renderRoutes(appRoutes, {
      url: "/sign-in",
      api: { ...signedOut, "/api/v1/auth/login": { post: () => answer } },
    });
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "someone@atelier.test");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(text);
  });

  it("asks for the authenticator code when the account has two-factor authentication", async () => {
    const { user, calls } = renderRoutes(appRoutes, {
      url: "/sign-in",
      api: {
        ...signedOut,
        "/api/v1/auth/login": {
          post: (req) =>
            req.body.totp_code ? { user: testAdmin } : refuse(412, "totp_required", "Enter your code"),
        },
      },
    });
    await user.type(await screen.findByRole("textbox", { name: "E-mail" }), "ada@atelier.test");
    await user.type(screen.getByLabelText("Password"), "pw");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await user.type(await screen.findByRole("textbox", { name: "Authentication code" }), "123456");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/v1/auth/login")).toHaveLength(2));
    expect(calls.filter((c) => c.path === "/api/v1/auth/login").at(-1)?.body).toMatchObject({
      totp_code: "123456",
    });
  });
});
