import { describe, expect, it } from "vitest";
import { isInView, positionCount, positionLabel, visibleCount } from "./carousel";

describe("carousel arithmetic", () => {
  it("shows three cards on wide screens and one below 768px", () => {
    expect(visibleCount(true)).toBe(3);
    expect(visibleCount(false)).toBe(1);
  });

  it("stops once per full view", () => {
    expect(positionCount(5, 3)).toBe(3);
    expect(positionCount(5, 1)).toBe(5);
    expect(positionCount(2, 3)).toBe(1);
    expect(positionCount(0, 3)).toBe(1);
  });

  it("knows which cards are in view", () => {
    expect([0, 1, 2, 3, 4].filter((i) => isInView(i, 2, 3))).toEqual([2, 3, 4]);
    expect([0, 1, 2, 3, 4].filter((i) => isInView(i, 4, 1))).toEqual([4]);
  });

  it("names each dot by the cards it shows", () => {
    expect(positionLabel(1, 3)).toBe("Show products 2 to 4");
    expect(positionLabel(3, 1)).toBe("Show product 4");
  });
});
