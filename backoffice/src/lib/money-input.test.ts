import { describe, expect, it } from "vitest";
import { penceFromPounds, poundsFromPence } from "./money-input";

describe("penceFromPounds", () => {
  it.each([
    ["42.50", 4250],
    ["42.5", 4250],
    ["42", 4200],
    ["£1,200.05", 120005],
    [" 0.01 ", 1],
    ["0", 0],
    ["0.1", 10],
    ["4.95", 495],
    ["4.5", 450],
    ["10", 1000],
    ["0.07", 7],
  ])("reads %j as %i pence", (text, pence) => {
    expect(penceFromPounds(text)).toBe(pence);
  });

  it.each(["", "-1", "1.234", "abc", "1e3", "1.", ".5", "1234567890123"])("refuses %j", (text) => {
    expect(penceFromPounds(text)).toBeNull();
  });
});

describe("poundsFromPence", () => {
  it("writes pence as pounds for an input", () => {
    expect(poundsFromPence(4250)).toBe("42.50");
    expect(poundsFromPence(5)).toBe("0.05");
    expect(poundsFromPence("495")).toBe("4.95");
    expect(poundsFromPence("1000")).toBe("10.00");
  });
});
