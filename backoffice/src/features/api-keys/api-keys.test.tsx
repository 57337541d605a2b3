import { screen, waitFor, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { type FakeRoutes, refuse } from "~/testing/fake-api";
import { renderRoutes } from "~/testing/render";
import type { ApiKey } from "./api";
import { lookbook, newSecret, retired, scopes, warehouse } from "./fixtures";
import { routes } from "./routes";

const tree: RouteObject[] = [{ path: "/", children: routes }];

const list: FakeRoutes = {
  "/api/v1/admin/api-keys": {
    get: (req) => {
      if (req.query.get("page_token") === "p2")
        return { api_keys: [{ ...warehouse, id: "p2-key", name: "Second page" }] };
      const keys = [warehouse, lookbook, retired];
      return {
        api_keys: req.query.get("only_active") === "true" ? keys.filter((k) => !k.revoked_at) : keys,
        next_page_token: "p2",
      };
    },
  },
  "/api/v1/admin/api-key-scopes": { get: () => ({ scopes }) },
};

function created(body: { name: string; kind: ApiKey["kind"]; scopes: string[]; allowed_origins: string[] }) {
  return {
    api_key: { ...warehouse, id: "9c4a5f6e-7d8b-4c93-9dae-2f3a4b5c6d74", ...body, last_used_at: undefined },
    secret: newSecret,
  };
}

describe("the API keys screen", () => {
  it("lists live keys, shows revoked ones on request, and keeps that and the page in the URL", async () => {
    const { user, router, calls } = renderRoutes(tree, { url: "/api-keys", api: list });
    const table = await screen.findByRole("table", { name: "API keys" });
    const row = within(table).getByRole("row", { name: /Warehouse sync/ });
    expect(row).toHaveTextContent("Secret");
    expect(row).toHaveTextContent("atl_sk_3fK9aB…");
    expect(row).toHaveTextContent("orders:read");
    expect(row).toHaveTextContent("Ada Lovelace");
    expect(row).toHaveTextContent("Active");
    const pk = within(table).getByRole("row", { name: /Lookbook site/ });
    expect(pk).toHaveTextContent("Publishable");
    expect(pk).toHaveTextContent("https://lookbook.partner.example");
    expect(pk).toHaveTextContent("Never");
    expect(within(table).queryByRole("row", { name: /Old ERP/ })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === "/api/v1/admin/api-keys")?.query.get("only_active")).toBe("true");
    expect(document.title).toBe("API keys · Atelier back office");

    await user.click(screen.getByRole("checkbox", { name: "Show revoked" }));
    const old = await within(table).findByRole("row", { name: /Old ERP/ });
    expect(old).toHaveTextContent("Revoked");
    expect(old).toHaveTextContent("1 Nov 2026");
    expect(old).toHaveTextContent("Read-only");
    expect(within(old).queryByRole("button")).not.toBeInTheDocument();
    expect(router.state.location.search).toBe("?revoked=1");

    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Second page")).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("p2");
    expect(calls.at(-1)?.query.get("page_token")).toBe("p2");
  });

  it("says what keys are for when there are none", async () => {
    renderRoutes(tree, {
      url: "/api-keys",
      api: { ...list, "/api/v1/admin/api-keys": { get: () => ({ api_keys: [] }) } },
    });
    expect(await screen.findByText("No API keys yet.")).toBeInTheDocument();
    expect(screen.getByText(/Keys let a partner's server or website use the shop's API/)).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "New API key" })).toHaveLength(2);
  });

  it("shows why the keys could not be loaded, and tries again", async () => {
    let fail = true;
    const { user } = renderRoutes(tree, {
      url: "/api-keys",
      api: {
        ...list,
        "/api/v1/admin/api-keys": {
          get: () =>
            fail ? refuse(500, "internal", "The keys could not be loaded.") : { api_keys: [warehouse] },
        },
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("The keys could not be loaded.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("row", { name: /Warehouse sync/ })).toBeInTheDocument();
  });

  it("creates a secret key and shows its secret once, then never again", async () => {
    const { user, calls, router } = renderRoutes(tree, {
      url: "/api-keys",
      api: {
        ...list,
        "/api/v1/admin/api-keys": { ...list["/api/v1/admin/api-keys"], post: (req) => created(req.body) },
      },
    });
    await user.click(await screen.findByRole("button", { name: "New API key" }));
    const dialog = screen.getByRole("dialog", { name: "New API key" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Warehouse sync");
    expect(within(dialog).getByRole("radio", { name: /Secret — for servers/ })).toBeChecked();
    await user.click(await within(dialog).findByRole("checkbox", { name: "orders:read" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "catalog:read" }));
    expect(within(dialog).queryByRole("textbox", { name: "Allowed origins" })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));

    const shown = await screen.findByRole("dialog", { name: "Copy “Warehouse sync” now" });
    expect(within(shown).getByText("This key will not be shown again")).toBeInTheDocument();
    expect(within(shown).getByRole("textbox", { name: "Your new API key" })).toHaveValue(newSecret);
    // Scopes go in the API's order, whatever order they were ticked in.
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Warehouse sync",
      kind: "API_KEY_KIND_SECRET",
      scopes: ["catalog:read", "orders:read"],
      allowed_origins: [],
    });
    await user.click(within(shown).getByRole("button", { name: "Copy" }));
    // userEvent stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(newSecret);
    expect(within(shown).getByText("Copied to the clipboard.")).toBeInTheDocument();

    await user.click(within(shown).getByRole("button", { name: "I have stored it" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(document.body.innerHTML).not.toContain(newSecret);
    const { pathname, search, hash } = router.state.location;
    expect(pathname + search + hash).not.toContain(newSecret);
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(newSecret);
    // A new opening starts afresh, without the secret.
    await user.click(screen.getByRole("button", { name: "New API key" }));
    expect(screen.getByRole("dialog", { name: "New API key" })).not.toHaveTextContent(newSecret);
  });

  it("selects the secret for copying by hand when there is no clipboard", async () => {
    const { user } = renderRoutes(tree, {
      url: "/api-keys",
      api: {
        ...list,
        "/api/v1/admin/api-keys": { ...list["/api/v1/admin/api-keys"], post: (req) => created(req.body) },
      },
    });
    // An insecure origin has no clipboard API.
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
    await user.click(await screen.findByRole("button", { name: "New API key" }));
    const dialog = screen.getByRole("dialog", { name: "New API key" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Warehouse sync");
    await user.click(await within(dialog).findByRole("checkbox", { name: "orders:read" }));
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));
    const field = await screen.findByRole("textbox", { name: "Your new API key" });
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(field).toHaveFocus();
    const input = field as HTMLInputElement;
    expect(input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)).toBe(newSecret);
    expect(screen.getByText(/press Ctrl\+C/)).toBeInTheDocument();
  });

  it("offers only publishable scopes and asks for origins for a publishable key", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/api-keys",
      api: {
        ...list,
        "/api/v1/admin/api-keys": { ...list["/api/v1/admin/api-keys"], post: (req) => created(req.body) },
      },
    });
    await user.click(await screen.findByRole("button", { name: "New API key" }));
    const dialog = screen.getByRole("dialog", { name: "New API key" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Lookbook site");
    await user.click(await within(dialog).findByRole("checkbox", { name: "orders:read" }));
    await user.click(within(dialog).getByRole("radio", { name: /Publishable/ }));
    const orders = within(dialog).getByRole("checkbox", { name: "orders:read" });
    expect(orders).toBeDisabled();
    expect(orders).not.toBeChecked();
    expect(within(dialog).getByRole("checkbox", { name: "products:write" })).toBeDisabled();
    expect(within(dialog).getByRole("checkbox", { name: "catalog:read" })).toBeEnabled();
    await user.click(within(dialog).getByRole("checkbox", { name: "catalog:read" }));

    // No origin yet: refused before sending.
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));
    const origins = within(dialog).getByRole("textbox", { name: "Allowed origins" });
    expect(origins).toHaveAccessibleDescription(/Name at least one origin/);
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);

    await user.type(origins, "https://lookbook.partner.example{Enter}{Enter}http://localhost:5173");
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(await screen.findByRole("dialog", { name: "Copy “Lookbook site” now" })).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Lookbook site",
      kind: "API_KEY_KIND_PUBLISHABLE",
      scopes: ["catalog:read"],
      allowed_origins: ["https://lookbook.partner.example", "http://localhost:5173"],
    });
  });

  it.each([
    ["invalid_origin", "allowed_origins", "“ftp://x” is not an origin.", "Allowed origins"],
    ["origins_required", "allowed_origins", "Name at least one origin.", "Allowed origins"],
    ["scope_not_publishable", "scopes", "A publishable key may only read.", "Scopes"],
    ["unknown_scope", "scopes", "“x:y” is not a scope.", "Scopes"],
    ["invalid_name", "name", "Name the key in 1 to 100 characters.", "Name"],
  ])("puts the API's %s refusal on its field", async (reason, field, message, label) => {
    const { user } = renderRoutes(tree, {
      url: "/api-keys",
      api: {
        ...list,
        "/api/v1/admin/api-keys": {
          ...list["/api/v1/admin/api-keys"],
          post: () => refuse(400, reason, message, { fields: { [field]: message } }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "New API key" }));
    const dialog = screen.getByRole("dialog", { name: "New API key" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Lookbook site");
    await user.click(within(dialog).getByRole("radio", { name: /Publishable/ }));
    await user.click(await within(dialog).findByRole("checkbox", { name: "catalog:read" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Allowed origins" }), "https://a.example");
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));
    const target =
      label === "Scopes"
        ? within(dialog).getByRole("group", { name: "Scopes" })
        : within(dialog).getByRole("textbox", { name: label });
    await waitFor(() => expect(target).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("puts a refusal that names no field on the field its reason is about", async () => {
    const { user } = renderRoutes(tree, {
      url: "/api-keys",
      api: {
        ...list,
        "/api/v1/admin/api-keys": {
          ...list["/api/v1/admin/api-keys"],
          post: () => refuse(400, "origins_not_allowed", "A secret key is for servers."),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "New API key" }));
    const dialog = screen.getByRole("dialog", { name: "New API key" });
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "ERP");
    await user.click(await within(dialog).findByRole("checkbox", { name: "orders:read" }));
    await user.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("A secret key is for servers.");
  });

  it("renames a publishable key and changes its origins", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/api-keys",
      api: {
        ...list,
        "/api/v1/admin/api-keys/{id}": {
          patch: (req) => ({
            api_key: { ...lookbook, name: req.body.name, allowed_origins: req.body.allowed_origins.origins },
          }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit: Lookbook site" }));
    const dialog = screen.getByRole("dialog", { name: "Edit “Lookbook site”" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Lookbook 2027");
    await user.type(
      within(dialog).getByRole("textbox", { name: "Allowed origins" }),
      "{Enter}https://b.example",
    );
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("API key “Lookbook 2027” saved.")).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe(`/api/v1/admin/api-keys/${lookbook.id}`);
    expect(patch?.body).toEqual({
      name: "Lookbook 2027",
      allowed_origins: { origins: ["https://lookbook.partner.example", "https://b.example"] },
    });
  });

  it("renames a secret key without touching origins", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/api-keys",
      api: {
        ...list,
        "/api/v1/admin/api-keys/{id}": {
          patch: (req) => ({ api_key: { ...warehouse, name: req.body.name } }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit: Warehouse sync" }));
    const dialog = screen.getByRole("dialog", { name: "Edit “Warehouse sync”" });
    expect(within(dialog).queryByRole("textbox", { name: "Allowed origins" })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), " (EU)");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("API key “Warehouse sync (EU)” saved.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ name: "Warehouse sync (EU)" });
  });

  it("revokes a key only after asking", async () => {
    let revoked = false;
    const { user, calls } = renderRoutes(tree, {
      url: "/api-keys",
      api: {
        ...list,
        "/api/v1/admin/api-keys/{id}:revoke": {
          post: () => {
            revoked = true;
            return { api_key: { ...warehouse, revoked_at: "2026-11-27T10:00:00Z" } };
          },
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Revoke: Warehouse sync" }));
    const dialog = screen.getByRole("dialog", { name: "Revoke “Warehouse sync”?" });
    expect(dialog).toHaveTextContent("Apps using it stop working at once.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(revoked).toBe(false);

    await user.click(screen.getByRole("button", { name: "Revoke: Warehouse sync" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Revoke “Warehouse sync”?" })).getByRole("button", {
        name: "Revoke key",
      }),
    );
    expect(await screen.findByText("API key “Warehouse sync” revoked.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.path).toBe(
      `/api/v1/admin/api-keys/${warehouse.id}:revoke`,
    );
    // The list is read again.
    await waitFor(() => expect(calls.filter((c) => c.path === "/api/v1/admin/api-keys")).toHaveLength(2));
  });
});
