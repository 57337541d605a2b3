import { screen, waitFor, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { type FakeRoutes, refuse } from "~/testing/fake-api";
import { renderRoutes, testAdmin } from "~/testing/render";
import type { Account } from "./api";
import { routes } from "./routes";

const tree: RouteObject[] = [{ path: "/", children: routes }];

const grace: Account = {
  id: "5f0c7a2e-1b1d-4a8e-9b55-0d6c2b9f4a11",
  first_name: "Grace",
  last_name: "Hopper",
  email: "grace@example.test",
  role: "ROLE_CUSTOMER",
  created_at: "2026-10-01T09:00:00Z",
};
const me: Account = {
  ...testAdmin,
  created_at: "2026-01-01T09:00:00Z",
  last_login_at: "2026-11-27T08:00:00Z",
};

const list: FakeRoutes = {
  "/api/v1/admin/accounts": {
    get: (req) =>
      req.query.get("page_token") === "p2"
        ? { accounts: [{ ...grace, id: "7c7d2d6e-0000-4000-8000-000000000002", first_name: "Second" }] }
        : { accounts: [me, grace], next_page_token: "p2" },
  },
};

describe("the users table", () => {
  it("lists accounts and keeps search, role and page in the URL", async () => {
    const { user, router, calls } = renderRoutes(tree, { url: "/users", api: list });
    const table = await screen.findByRole("table", { name: "Accounts" });
    expect(within(table).getByRole("row", { name: /Grace Hopper/ })).toHaveTextContent("Customer");
    expect(within(table).getByRole("row", { name: /Ada Lovelace/ })).toHaveTextContent("(you)");

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Second Hopper")).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("p2");

    await user.type(screen.getByRole("searchbox", { name: "Name or e-mail" }), "grace");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(router.state.location.search).toBe("?q=grace"));
    await user.selectOptions(screen.getByRole("combobox", { name: "Role" }), "ROLE_ADMIN");
    await waitFor(() => expect(calls.at(-1)?.query.get("role")).toBe("ROLE_ADMIN"));
    expect(calls.at(-1)?.query.get("query")).toBe("grace");
  });

  it("asks before changing a role, then sends it", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/users",
      api: {
        ...list,
        "/api/v1/admin/accounts/{account_id}/role": {
          patch: (req) => ({ account: { ...grace, role: req.body.role } }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Make admin: Grace Hopper" }));
    const dialog = screen.getByRole("dialog", { name: "Make Grace Hopper an admin?" });
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Make admin" }));
    expect(await screen.findByText("Grace Hopper is now an admin.")).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe(`/api/v1/admin/accounts/${grace.id}/role`);
    expect(patch?.body).toEqual({ role: "ROLE_ADMIN" });
  });

  it("asks for the admin's code when the API wants a step-up", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/users",
      api: {
        ...list,
        "/api/v1/admin/accounts/{account_id}/role": {
          patch: (req) =>
            req.body.totp_code === "123456"
              ? { account: { ...grace, role: "ROLE_ADMIN" } }
              : refuse(
                  400,
                  "totp_required",
                  "Enter a current code from your authenticator app to confirm this change.",
                ),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Make admin: Grace Hopper" }));
    await user.click(screen.getByRole("button", { name: "Make admin" }));
    await user.type(await screen.findByRole("textbox", { name: "Your authentication code" }), "123456");
    await user.click(screen.getByRole("button", { name: "Make admin" }));
    expect(await screen.findByText("Grace Hopper is now an admin.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)?.body).toEqual({
      role: "ROLE_ADMIN",
      totp_code: "123456",
    });
  });

  it("shows the API's refusal to withdraw one's own role", async () => {
    const { user } = renderRoutes(tree, {
      url: "/users",
      api: {
        ...list,
        "/api/v1/admin/accounts/{account_id}/role": {
          patch: () => refuse(400, "own_role", "You cannot change your own role."),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Make customer: Ada Lovelace" }));
    const dialog = screen.getByRole("dialog", { name: "Withdraw Ada Lovelace's admin role?" });
    await user.click(within(dialog).getByRole("button", { name: "Make customer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("You cannot change your own role.");
  });

  it("signs an account out everywhere after asking", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/users",
      api: {
        ...list,
        "/api/v1/admin/accounts/{account_id}/sessions:revoke": { post: () => ({ revoked_sessions: 3 }) },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Sign out everywhere: Grace Hopper" }));
    const dialog = screen.getByRole("dialog", { name: "Sign Grace Hopper out everywhere?" });
    await user.click(within(dialog).getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("Grace Hopper is signed out of 3 sessions.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.path).toBe(
      `/api/v1/admin/accounts/${grace.id}/sessions:revoke`,
    );
  });
});
