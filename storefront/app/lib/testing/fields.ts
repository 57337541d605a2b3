// Checks on form fields that many page tests make, written once.
import { screen, within } from "@testing-library/react";
import { expect } from "vitest";

/**
 * Checks that each field, found by its label (within `container`, else anywhere on the page),
 * carries the autocomplete hint given for it: what browsers and password managers fill it with.
 */
export function expectAutocomplete(hints: Record<string, string>, container?: HTMLElement) {
  const scope = container ? within(container) : screen;
  for (const [label, hint] of Object.entries(hints)) {
    expect(scope.getByLabelText(label), label).toHaveAttribute("autocomplete", hint);
  }
}
