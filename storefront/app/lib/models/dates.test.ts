import { describe, expect, it } from "vitest";
import { longDate, longDateTime } from "./dates";

describe("longDate", () => {
  it("writes the British long date, never the US one", () => {
    expect(longDate("2025-05-12T12:00:00Z")).toBe("12 May 2025");
    expect(longDate(new Date("2025-05-13T09:00:00Z"))).toBe("13 May 2025");
  });

  it("reads the day on London's calendar, whatever the server's zone", () => {
    // 23:30 UTC in British Summer Time is already the next day in London.
    expect(longDate("2025-05-13T23:30:00Z")).toBe("14 May 2025");
    expect(longDate("2025-12-13T23:30:00Z")).toBe("13 December 2025");
    expect(longDate("2025-05-13T00:15:00+02:00")).toBe("12 May 2025");
  });

  it("gives nothing for an unreadable date", () => {
    expect(longDate("not a date")).toBe("");
    expect(longDateTime("not a date")).toBe("");
  });
});

describe("longDateTime", () => {
  it("adds London's clock time", () => {
    expect(longDateTime("2025-05-12T13:05:00Z")).toBe("12 May 2025 at 14:05");
  });
});
