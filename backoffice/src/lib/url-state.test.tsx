import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { formatSort, parseSort, useUrlState } from "./url-state";

const defaults = { page: "1", q: "", status: "" };

function setup(url: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: "*", element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useUrlState(defaults), { wrapper });
  return { hook, search: () => router?.state.location.search };
}

describe("useUrlState", () => {
  it("reads the URL over the defaults", () => {
    const { hook } = setup("/orders?q=rose&page=3");
    expect(hook.result.current[0]).toEqual({ page: "3", q: "rose", status: "" });
  });

  it("writes changes to the URL, leaves defaults out and goes back to page 1 on a filter change", () => {
    const { hook, search } = setup("/orders?page=3");
    act(() => hook.result.current[1]({ status: "paid" }));
    expect(search()).toBe("?status=paid");
    act(() => hook.result.current[1]({ page: "2" }));
    expect(search()).toBe("?status=paid&page=2");
    act(() => hook.result.current[1]({ status: "" }));
    expect(search()).toBe("");
  });
});

describe("sort in the URL", () => {
  it.each([
    ["", []],
    ["name", [{ id: "name", desc: false }]],
    ["-price", [{ id: "price", desc: true }]],
  ])("%j round-trips", (text, state) => {
    expect(parseSort(text)).toEqual(state);
    expect(formatSort(state)).toBe(text);
  });
});
