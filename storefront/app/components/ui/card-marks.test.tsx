import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CardMarks } from "./card-marks";

describe("CardMarks", () => {
  it("draws each accepted scheme as an image named after it, not as text", () => {
    render(<CardMarks />);
    const list = screen.getByRole("list", { name: "Accepted payment methods" });
    const marks = within(list).getAllByRole("img");
    expect(marks.map((m) => m.getAttribute("aria-label"))).toEqual([
      "Visa",
      "Mastercard",
      "American Express",
      "Apple Pay",
    ]);
    for (const mark of marks) {
      expect(mark.tagName.toLowerCase()).toBe("svg");
      expect(mark).toHaveAttribute("viewBox");
    }
  });
});
