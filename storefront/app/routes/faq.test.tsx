import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, useLocation } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { GetPageResponseSchema } from "~/gen/atelier/store/v1/content_service_pb";
import { parseFaq } from "~/lib/models/content";
import { loaderArgs } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import FaqRoute, { loader, shouldRevalidate } from "./faq";

const html = `
<h2>Orders</h2>
<h3>Do I need an account to place an order?</h3>
<p>No. You can check out as a guest.</p>
<h3>Are prices inclusive of VAT?</h3>
<p>Yes. All prices include UK VAT at 20%.</p>
<h2>Returns</h2>
<h3>What is your returns policy?</h3>
<p>Return unused items within 28 days.</p>
<h3>When will I receive my refund?</h3>
<p>Within 10 working days, to your original payment method or as store credit.</p>
<h2>Products</h2>
<h3>Which products are vegan?</h3>
<p>All Verdant &amp; Co products are vegan.</p>
`;

type FaqData = Awaited<ReturnType<typeof loader>>["data"];

const loaded: FaqData = {
  title: "Frequently Asked Questions",
  updatedAt: "2025-05-12T12:00:00Z",
  faq: parseFaq(html),
  error: null,
};

/** Shows the address the page keeps in sync with the search box. */
function CurrentSearch() {
  return (
    <div role="note" aria-label="Current search">
      {useLocation().search}
    </div>
  );
}

function renderFaq(data: FaqData = loaded, path = "/faq", role: "admin" | "customer" | null = null) {
  const Stub = createRoutesStub([
    {
      id: "root",
      Component: Outlet,
      loader: () => ({
        user: role ? { id: "u-1", firstName: "Ada", role } : null,
        backofficeUrl: role === "admin" ? "https://atelier.test/admin" : null,
      }),
      children: [
        {
          path: "/faq",
          Component: (props: Parameters<typeof FaqRoute>[0]) => (
            <>
              <FaqRoute {...props} />
              <CurrentSearch />
            </>
          ),
          loader: () => data,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[path]} />);
}

const questions = () => screen.getAllByRole("group").map((d) => d.querySelector("summary")!.textContent);

describe("FAQ Edit Content", () => {
  it("takes an admin to the FAQ's editor in the back office", async () => {
    renderFaq(loaded, "/faq", "admin");
    expect(await screen.findByRole("link", { name: "Edit Content" })).toHaveAttribute(
      "href",
      "https://atelier.test/admin/pages?edit=faq",
    );
  });

  it("is not shown to a customer", async () => {
    renderFaq(loaded, "/faq", "customer");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("link", { name: "Edit Content" })).not.toBeInTheDocument();
  });
});

describe("FAQ page", () => {
  it("groups the questions under their sections, closed until opened", async () => {
    renderFaq();
    expect(
      await screen.findByRole("heading", { level: 1, name: "Frequently Asked Questions" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent("Last updated: 12 May 2025");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Orders",
      "Returns",
      "Products",
      "Still have questions?",
    ]);
    const orders = screen.getByRole("heading", { level: 2, name: "Orders" }).closest("section")!;
    expect(within(orders).getAllByRole("group")).toHaveLength(2);
    const first = within(orders).getAllByRole("group")[0]!;
    expect(first).not.toHaveAttribute("open");
    await userEvent.click(within(first).getByText("Do I need an account to place an order?"));
    expect(first).toHaveAttribute("open");
    expect(within(first).getByText("No. You can check out as a guest.")).toBeVisible();
  });

  it("links the topics", async () => {
    renderFaq();
    const topics = await screen.findByRole("navigation", { name: "Topics" });
    expectLink("Returns", "#faq-returns", topics);
  });

  it("filters as the shopper types, over questions and answers, and keeps the URL in step", async () => {
    renderFaq();
    const search = await screen.findByRole("searchbox", { name: "Search questions" });
    await userEvent.type(search, "REFUND");
    expect(screen.getByRole("status")).toHaveTextContent("1 question matches");
    expect(questions()).toEqual(["When will I receive my refund?"]);
    expect(screen.getByRole("group")).toHaveAttribute("open");
    // The address follows through a (replacing) navigation, which finishes after the keystrokes.
    await waitFor(() =>
      expect(screen.getByRole("note", { name: "Current search" })).toHaveTextContent("?q=REFUND"),
    );

    await userEvent.clear(search);
    await userEvent.type(search, "vat");
    expect(screen.getByRole("status")).toHaveTextContent("1 question matches");
    expect(questions()).toEqual(["Are prices inclusive of VAT?"]);

    await userEvent.clear(search);
    await userEvent.type(search, "days");
    expect(screen.getByRole("status")).toHaveTextContent("2 questions match");
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Returns",
      "Still have questions?",
    ]);
  });

  it("says when nothing matches, and clears the search", async () => {
    renderFaq();
    await userEvent.type(await screen.findByRole("searchbox", { name: "Search questions" }), "zebra");
    expect(screen.getByRole("status")).toHaveTextContent('No questions match "zebra".');
    expect(screen.queryAllByRole("group")).toHaveLength(0);

    await userEvent.click(screen.getByRole("link", { name: "Clear search" }));
    expect(await screen.findAllByRole("group")).toHaveLength(5);
    expect(screen.getByRole("searchbox", { name: "Search questions" })).toHaveValue("");
    expect(screen.getByRole("note", { name: "Current search" })).toHaveTextContent("");
  });

  it("filters from ?q= on first render, as the server does without JavaScript", async () => {
    renderFaq(loaded, "/faq?q=vegan");
    expect(await screen.findByRole("searchbox", { name: "Search questions" })).toHaveValue("vegan");
    expect(screen.getByRole("status")).toHaveTextContent("1 question matches");
    expect(questions()).toEqual(["Which products are vegan?"]);
  });

  it("is a GET form, so searching works before JavaScript loads", async () => {
    renderFaq();
    const form = await screen.findByRole("search", { name: "Search the FAQ" });
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/faq");
    expect(within(form).getByRole("searchbox")).toHaveAttribute("name", "q");
    expect(within(form).getByRole("button", { name: "Search" })).toHaveAttribute("type", "submit");
  });

  it("offers a way to contact us", async () => {
    renderFaq();
    const aside = await screen.findByRole("complementary", { name: "Still have questions?" });
    expectLink("Contact Us", "/contact", aside);
  });

  it("shows FAQ HTML it cannot split into questions as it is, without a search box", async () => {
    renderFaq({ ...loaded, faq: parseFaq("<p>Our answers are moving.</p>") });
    expect(await screen.findByText("Our answers are moving.")).toBeInTheDocument();
    expect(screen.queryByRole("searchbox")).not.toBeInTheDocument();
  });

  it("falls back to the spec's title and a note when there is no FAQ yet", async () => {
    renderFaq({ title: "Frequently Asked Questions", updatedAt: null, faq: null, error: null });
    expect(
      await screen.findByRole("heading", { level: 1, name: "Frequently Asked Questions" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/The full text of our FAQ is being updated/)).toBeInTheDocument();
    expect(screen.queryByText(/Last updated/)).not.toBeInTheDocument();
  });

  it("says the FAQ could not be loaded, and why", async () => {
    renderFaq({
      title: "Frequently Asked Questions",
      updatedAt: null,
      faq: null,
      error: "Unable to load FAQ. Please try again later. Error: Internal",
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Unable to load FAQ. Please try again later. Error: Internal",
    );
    expectLink("Contact Us", "/contact");
  });
});

describe("FAQ loader", () => {
  it("parses the page into sections on the server", async () => {
    const result = await loader(
      loaderArgs("/faq", {
        content: {
          getPage: async () => create(GetPageResponseSchema, { page: { slug: "faq", title: "FAQ", html } }),
        },
      }),
    );
    expect(result.init?.status).toBe(200);
    expect(result.data.faq).toMatchObject({
      kind: "sections",
      sections: [{ title: "Orders" }, { title: "Returns" }, { title: "Products" }],
    });
  });

  it("answers 503 with the failure text when the API fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await loader(
      loaderArgs("/faq", {
        content: { getPage: () => Promise.reject(new ConnectError("boom", Code.Internal)) },
      }),
    );
    expect(result.init?.status).toBe(503);
    expect(result.data).toEqual({
      title: "Frequently Asked Questions",
      updatedAt: null,
      faq: null,
      error: "Unable to load FAQ. Please try again later. Error: boom",
    });
  });
});

describe("FAQ shouldRevalidate", () => {
  const args = (current: string, next: string, formMethod?: "GET" | "POST") => ({
    currentUrl: new URL(current, "http://shop.test"),
    nextUrl: new URL(next, "http://shop.test"),
    currentParams: {},
    nextParams: {},
    formMethod,
    defaultShouldRevalidate: true,
  });

  it("does not ask the API again when only the search changes", () => {
    expect(shouldRevalidate(args("/faq", "/faq?q=vat"))).toBe(false);
    expect(shouldRevalidate(args("/faq?q=vat", "/faq", "GET"))).toBe(false);
  });

  it("revalidates for anything else", () => {
    expect(shouldRevalidate(args("/faq", "/faq"))).toBe(false);
    expect(shouldRevalidate(args("/faq?q=a", "/faq?q=a&page=2"))).toBe(true);
    expect(shouldRevalidate(args("/faq", "/faq", "POST"))).toBe(true);
  });
});
