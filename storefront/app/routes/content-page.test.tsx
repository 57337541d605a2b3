import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { GetPageResponseSchema } from "~/gen/atelier/store/v1/content_service_pb";
import type { Api } from "~/lib/server/api.server";
import type { ContentLoad } from "~/lib/server/content.server";
import { loaderArgs } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import ContentPageRoute, { loader } from "./content-page";

/** The page under a root route whose loader says who is signed in (an admin gets the back office's address). */
function renderPage(
  path: "/privacy" | "/terms",
  result: ContentLoad,
  role: "admin" | "customer" | null = null,
  backoffice: string | null = "https://atelier.test/admin",
) {
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: Outlet,
      loader: () => ({
        user: role ? { id: "u-1", firstName: "Ada", role } : null,
        backofficeUrl: role === "admin" ? backoffice : null,
      }),
      children: [{ id: path.slice(1), path, Component: ContentPageRoute, loader: () => result }],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

describe("Privacy and Terms pages", () => {
  it("shows the title, the long last-updated date and the page's HTML", async () => {
    renderPage("/privacy", {
      page: {
        slug: "privacy",
        title: "Privacy Policy",
        updatedAt: "2025-06-03T08:00:00.000Z",
        html: "<h2>Who we are</h2><p>Atelier London Ltd.</p>",
      },
      error: null,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent("Last updated: 3 June 2025");
    expect(screen.getByRole("heading", { level: 2, name: "Who we are" })).toBeInTheDocument();
    expect(screen.getByText("Atelier London Ltd.")).toBeInTheDocument();
  });

  it("shows the fallback title, date and a short note when nothing is published", async () => {
    renderPage("/terms", {
      page: { slug: "terms", title: "Terms and Conditions", updatedAt: "2025-05-13T00:00:00Z", html: null },
      error: null,
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Terms and Conditions" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent("Last updated: 13 May 2025");
    expect(
      screen.getByText(/The full text of our Terms and Conditions is being updated/),
    ).toBeInTheDocument();
    expectLink("contact us", "/contact");
  });

  it("says the page could not be loaded, and why", async () => {
    renderPage("/privacy", {
      page: { slug: "privacy", title: "Privacy Policy", updatedAt: null, html: null },
      error: "Unable to load Privacy Policy. Please try again later. Error: Internal",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Unable to load Privacy Policy. Please try again later. Error: Internal",
    );
    expect(screen.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeInTheDocument();
    expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
  });
});

describe("Edit Content", () => {
  const terms: ContentLoad = {
    page: {
      slug: "terms",
      title: "Terms and Conditions",
      updatedAt: "2025-05-13T00:00:00Z",
      html: "<p>x</p>",
    },
    error: null,
  };

  it("takes an admin to the page's editor in the back office", async () => {
    renderPage("/terms", terms, "admin");
    expect(await screen.findByRole("link", { name: "Edit Content" })).toHaveAttribute(
      "href",
      "https://atelier.test/admin/pages?edit=terms",
    );
  });

  it("is not shown to an admin when the shop has no back office address (production without BACKOFFICE_URL)", async () => {
    renderPage("/terms", terms, "admin", null);
    await screen.findByRole("heading", { level: 1, name: "Terms and Conditions" });
    expect(screen.queryByRole("link", { name: "Edit Content" })).not.toBeInTheDocument();
  });

  it.each(["customer", null] as const)("is not shown to a %s", async (role) => {
    renderPage("/terms", terms, role);
    await screen.findByRole("heading", { level: 1, name: "Terms and Conditions" });
    expect(screen.queryByRole("link", { name: "Edit Content" })).not.toBeInTheDocument();
  });
});

describe("content page loader", () => {
  it("asks for the page the URL names", async () => {
    const fetchPage = vi.fn<Api["content"]["getPage"]>(async ({ slug }) =>
      create(GetPageResponseSchema, { page: { slug, title: "Terms and Conditions", html: "<p>x</p>" } }),
    );
    const result = await loader(loaderArgs("/terms", { content: { getPage: fetchPage } }));
    expect(fetchPage).toHaveBeenCalledWith({ slug: "terms" });
    expect(result.init?.status).toBe(200);
    expect(result.data.page).toMatchObject({
      slug: "terms",
      html: "<p>x</p>",
      updatedAt: "2025-05-13T00:00:00Z",
    });
  });

  it("answers 200 with the fallback when the page does not exist", async () => {
    const result = await loader(
      loaderArgs("/privacy", {
        content: { getPage: () => Promise.reject(new ConnectError("not found", Code.NotFound)) },
      }),
    );
    expect(result.init?.status).toBe(200);
    expect(result.data).toEqual({
      page: { slug: "privacy", title: "Privacy Policy", updatedAt: "2025-05-12T00:00:00Z", html: null },
      error: null,
    });
  });

  it("answers 503 with the failure text when the API fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await loader(
      loaderArgs("/terms", {
        content: { getPage: () => Promise.reject(new ConnectError("boom", Code.Internal)) },
      }),
    );
    expect(result.init?.status).toBe(503);
    expect(result.data.error).toBe(
      "Unable to load Terms and Conditions. Please try again later. Error: boom",
    );
  });
});
