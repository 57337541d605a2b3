import { screen, waitFor, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { refuse } from "~/testing/fake-api";
import { renderRoutes } from "~/testing/render";
import { routes } from "./routes";
import type { AdminPage, PageRevision } from "./types";

// The feature's routes under a parent, as the app mounts them.
const tree: RouteObject[] = [{ path: "/", children: routes }];

const privacy: AdminPage = {
  slug: "privacy",
  title: "Privacy policy",
  html: "<p>We keep your data safe.</p>",
  built_in: true,
  revision: "3",
  updated_at: "2026-11-20T10:00:00Z",
  updated_by: { display_name: "Ada Lovelace" },
};
const terms: AdminPage = { ...privacy, slug: "terms", title: "Terms and conditions", revision: "1" };

function preview(): string {
  return screen.getByTitle("Preview").getAttribute("srcdoc") ?? "";
}

describe("the pages list", () => {
  it("lists every page with a link to its editor", async () => {
    renderRoutes(tree, {
      url: "/pages",
      api: { "/api/v1/admin/pages": { get: () => ({ pages: [privacy, terms] }) } },
    });
    const table = await screen.findByRole("table", { name: "Pages" });
    expect(within(table).getByRole("link", { name: "Privacy policy" })).toHaveAttribute(
      "href",
      "/pages/privacy",
    );
    expect(within(table).getByRole("link", { name: "Edit Terms and conditions" })).toHaveAttribute(
      "href",
      "/pages/terms",
    );
  });

  it("opens a page's editor directly from ?edit={slug}, replacing the address", async () => {
    const { router } = renderRoutes(tree, {
      url: "/pages?edit=privacy",
      api: {
        "/api/v1/admin/pages/{slug}": { get: (req) => ({ page: { ...privacy, slug: req.params.slug } }) },
      },
    });
    expect(await screen.findByRole("heading", { name: "Edit “Privacy policy”" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/pages/privacy");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Privacy policy");
    expect(screen.queryByRole("button", { name: "Delete page" })).not.toBeInTheDocument();
  });
});

describe("adding and deleting a page", () => {
  it("adds a page and opens its editor", async () => {
    const { user, calls, router } = renderRoutes(tree, {
      url: "/pages",
      api: {
        "/api/v1/admin/pages": {
          get: () => ({ pages: [privacy] }),
          post: (req) => ({ page: { slug: req.body.slug, title: req.body.title, html: "", revision: "1" } }),
        },
        "/api/v1/admin/pages/{slug}": {
          get: () => ({ page: { slug: "shipping", title: "Shipping", revision: "1" } }),
        },
      },
    });
    await user.type(await screen.findByRole("textbox", { name: "Address" }), "shipping");
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Shipping");
    await user.click(screen.getByRole("button", { name: "Add page" }));
    expect(await screen.findByRole("heading", { name: "Edit “Shipping”" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/pages/shipping");
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      slug: "shipping",
      title: "Shipping",
      html: "",
    });
  });

  it("puts a taken address on its field", async () => {
    const { user } = renderRoutes(tree, {
      url: "/pages",
      api: {
        "/api/v1/admin/pages": {
          get: () => ({ pages: [privacy] }),
          post: () =>
            refuse(400, "slug_taken", 'there is already a page at "privacy"', {
              metadata: { field: "slug" },
            }),
        },
      },
    });
    await user.type(await screen.findByRole("textbox", { name: "Address" }), "privacy");
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Privacy again");
    await user.click(screen.getByRole("button", { name: "Add page" }));
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Address" })).toHaveAccessibleDescription(
        expect.stringContaining("there is already a page"),
      ),
    );
  });

  it("deletes a page it added, after asking; never a built-in one", async () => {
    const shipping: AdminPage = {
      ...privacy,
      slug: "shipping",
      title: "Shipping",
      built_in: false,
      revision: "2",
    };
    const { user, calls, router } = renderRoutes(tree, {
      url: "/pages/shipping",
      api: {
        "/api/v1/admin/pages": { get: () => ({ pages: [privacy] }) },
        "/api/v1/admin/pages/{slug}": { get: () => ({ page: shipping }), delete: () => ({}) },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete page" }));
    const dialog = screen.getByRole("dialog", { name: "Delete “Shipping”?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete page" }));
    expect(await screen.findByText("Page “Shipping” deleted.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/pages");
    const del = calls.find((c) => c.method === "DELETE");
    expect(del?.path).toBe("/api/v1/admin/pages/shipping");
    expect(del?.query.get("expected_revision")).toBe("2");
  });
});

describe("the page editor", () => {
  it("saves title, content and revision, then previews what the server stored", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/pages/privacy",
      api: {
        "/api/v1/admin/pages/{slug}": {
          get: () => ({ page: privacy }),
          // The server sanitises: the script never comes back.
          patch: (req) => {
            const stored: AdminPage = {
              ...privacy,
              title: req.body.title,
              html: String(req.body.html).replace(/<script>.*?<\/script>/g, ""),
              revision: "4",
            };
            return { page: stored };
          },
        },
      },
    });
    const title = await screen.findByRole("textbox", { name: "Title" });
    await user.clear(title);
    await user.type(title, "Privacy");
    const content = screen.getByRole("textbox", { name: "Content (HTML)" });
    await user.clear(content);
    await user.click(content);
    await user.paste("<p>New words.</p><script>alert(1)</script>");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(
      await screen.findByText("Page saved. The server removed markup it does not allow."),
    ).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe("/api/v1/admin/pages/privacy");
    expect(patch?.query.get("expected_revision")).toBe("3");
    expect(patch?.body).toEqual({ title: "Privacy", html: "<p>New words.</p><script>alert(1)</script>" });
    await waitFor(() => expect(preview()).toContain("<p>New words.</p>"));
    expect(preview()).not.toContain("<script>");
    expect(screen.getByTitle("Preview")).toHaveAttribute("sandbox", "");
    expect(screen.getByRole("textbox", { name: "Content (HTML)" })).toHaveValue("<p>New words.</p>");
  });

  it("refuses a stale save with who saved last and when, and changes nothing", async () => {
    let current = privacy;
    const { user, calls } = renderRoutes(tree, {
      url: "/pages/privacy",
      api: {
        "/api/v1/admin/pages/{slug}": {
          get: () => ({ page: current }),
          patch: () =>
            refuse(409, "stale_revision", "This page has changed since you opened it.", {
              metadata: { current_revision: "4", saved_by: "Grace Hopper", saved_at: "2026-11-27T15:04:00Z" },
            }),
        },
      },
    });
    const title = await screen.findByRole("textbox", { name: "Title" });
    await user.type(title, " (draft)");
    await user.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Changed by Grace Hopper at 27 Nov 2026, 15:04 — reload",
    );
    expect(screen.getByRole("button", { name: "Reload" })).toBeInTheDocument();
    expect(title).toHaveValue("Privacy policy (draft)");
    expect(preview()).toContain("<p>We keep your data safe.</p>");
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(1);

    // Reload shows the other admin's saved page, at its revision.
    current = { ...privacy, title: "Privacy notice", revision: "4" };
    await user.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Title" })).toHaveValue("Privacy notice"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("puts the API's field errors on their fields", async () => {
    const { user } = renderRoutes(tree, {
      url: "/pages/privacy",
      api: {
        "/api/v1/admin/pages/{slug}": {
          get: () => ({ page: privacy }),
          patch: () =>
            refuse(400, "title_too_long", "The title is too long.", {
              fields: { title: "At most 200 characters." },
            }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Save" }));
    expect(await screen.findByRole("textbox", { name: "Title" })).toHaveAccessibleDescription(
      "At most 200 characters.",
    );
  });

  it("checks the title before sending", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/pages/privacy",
      api: { "/api/v1/admin/pages/{slug}": { get: () => ({ page: privacy }) } },
    });
    await user.clear(await screen.findByRole("textbox", { name: "Title" }));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveAccessibleDescription("Enter a title.");
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
  });
});

describe("a page's history", () => {
  const revisions: PageRevision[] = [
    {
      revision: "3",
      action: "REVISION_ACTION_UPDATED",
      actor: { display_name: "Ada Lovelace" },
      created_at: "2026-11-20T10:00:00Z",
    },
    {
      revision: "2",
      action: "REVISION_ACTION_UPDATED",
      actor: { display_name: "Grace Hopper" },
      created_at: "2026-11-19T10:00:00Z",
    },
  ];

  it("shows what a revision changed and restores it after asking", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/pages/privacy/history",
      api: {
        "/api/v1/admin/pages/{slug}": { get: () => ({ page: privacy }) },
        "/api/v1/admin/pages/{slug}/revisions": { get: () => ({ revisions }) },
        "/api/v1/admin/pages/{slug}/revisions/{revision}/diff": {
          get: () => ({
            base_revision: "1",
            changes: [{ field: "html", before: "<p>One.</p><p>Two.</p>", after: "<p>One.</p><p>Three.</p>" }],
          }),
        },
        "/api/v1/admin/pages/{slug}/revisions/{revision}:restore": {
          post: () => ({ page: { ...privacy, revision: "4" } }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Show changes of revision 2" }));
    expect(await screen.findByText("<p>Three.</p>")).toBeInTheDocument();
    expect(screen.getByText("Removed:", { exact: false }).closest("del")).toHaveTextContent("<p>Two.</p>");
    expect(screen.queryByRole("button", { name: "Restore revision 3" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Restore revision 2" }));
    const dialog = screen.getByRole("dialog", { name: "Restore revision 2?" });
    await user.click(within(dialog).getByRole("button", { name: "Restore" }));
    expect(await screen.findByText("Revision 2 restored.")).toBeInTheDocument();
    const post = calls.find((c) => c.method === "POST");
    expect(post?.path).toBe("/api/v1/admin/pages/privacy/revisions/2:restore");
    expect(post?.body).toEqual({ expected_revision: "3" });
  });
});
