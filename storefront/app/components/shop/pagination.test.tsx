import { render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { expectLink } from "~/lib/testing/links";
import { Pagination, paginationItems } from "./pagination";

describe("paginationItems", () => {
  it("offers nothing for a single page", () => {
    expect(paginationItems(1, 1)).toEqual([]);
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it("lists every page when there are few", () => {
    expect(paginationItems(1, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("shows first, last and current ±1 with ellipses for the gaps", () => {
    expect(paginationItems(1, 7)).toEqual([1, 2, "ellipsis", 7]);
    expect(paginationItems(5, 10)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
    expect(paginationItems(10, 10)).toEqual([1, "ellipsis", 9, 10]);
  });

  it("shows a lone skipped page instead of an ellipsis", () => {
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationItems(4, 10)).toEqual([1, 2, 3, 4, 5, "ellipsis", 10]);
  });

  it("keeps an out-of-range current page inside the pages", () => {
    expect(paginationItems(99, 7)).toEqual([1, "ellipsis", 6, 7]);
  });
});

function renderPagination(current: number, total: number) {
  const Stub = createRoutesStub([
    {
      path: "/shop",
      Component: () => <Pagination current={current} total={total} hrefFor={(p) => `/shop?page=${p}`} />,
    },
  ]);
  render(<Stub initialEntries={["/shop"]} />);
  return screen.queryByRole("navigation", { name: "Pagination" });
}

describe("Pagination", () => {
  it("renders real links with the current page marked", () => {
    const nav = renderPagination(5, 10)!;
    const current = within(nav).getByRole("link", { name: "Page 5" });
    expect(current).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Page 4" })).not.toHaveAttribute("aria-current");
    expectLink("Previous", "/shop?page=4", nav);
    expectLink("Next", "/shop?page=6", nav);
    expectLink("Page 1", "/shop?page=1", nav);
    expectLink("Page 10", "/shop?page=10", nav);
    expect(within(nav).queryByRole("link", { name: "Page 2" })).not.toBeInTheDocument();
  });

  it("offers no Previous link on the first page", () => {
    const nav = renderPagination(1, 3)!;
    expect(within(nav).queryByRole("link", { name: "Previous" })).not.toBeInTheDocument();
    expect(within(nav).getByText("Previous").closest("[aria-disabled]")).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  });

  it("offers no Next link on the last page", () => {
    const nav = renderPagination(3, 3)!;
    expect(within(nav).queryByRole("link", { name: "Next" })).not.toBeInTheDocument();
    expectLink("Previous", "/shop?page=2", nav);
  });

  it("is absent when everything fits on one page", () => {
    expect(renderPagination(1, 1)).toBeNull();
  });
});
