import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ToastProvider, toastDurationMs, useToast } from "./toast";

function Trigger({ message, tone }: { message: string; tone?: "success" | "error" }) {
  const { show } = useToast();
  return (
    <button type="button" onClick={() => show(message, tone)}>
      {message}
    </button>
  );
}

describe("ToastProvider", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("announces each message politely and dismisses it after its time", () => {
    render(
      <ToastProvider>
        <Trigger message="Rose Serum added to cart" />
        <Trigger message="Only 2 left" tone="error" />
      </ToastProvider>,
    );
    const region = screen.getByRole("status");
    expect(region).toHaveAttribute("aria-live", "polite");

    act(() => screen.getByRole("button", { name: "Rose Serum added to cart" }).click());
    act(() => vi.advanceTimersByTime(toastDurationMs / 2));
    act(() => screen.getByRole("button", { name: "Only 2 left" }).click());
    expect(region.querySelectorAll("p")).toHaveLength(2);
    expect(region.querySelector(".toast--error")).toHaveTextContent("Only 2 left");

    // Each toast keeps its own time: the first goes, the second stays.
    act(() => vi.advanceTimersByTime(toastDurationMs / 2));
    expect(region).not.toHaveTextContent("Rose Serum added to cart");
    expect(region).toHaveTextContent("Only 2 left");

    act(() => vi.advanceTimersByTime(toastDurationMs / 2));
    expect(region).toBeEmptyDOMElement();
  });
});
