import { screen, within } from "@testing-library/react";
import { expect } from "vitest";

// expectLink checks that the link named `name` (within `container`, else anywhere on the page)
// goes to `href`: the check most page tests make, written once.
export function expectLink(name: string | RegExp, href: string, container?: HTMLElement) {
  const scope = container ? within(container) : screen;
  expect(scope.getByRole("link", { name })).toHaveAttribute("href", href);
}
