import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { installDialogPolyfill } from "~/lib/testing/dialog";
import { image } from "~/lib/testing/product";
import { ImageDialog, wrapIndex } from "./image-dialog";

beforeAll(installDialogPolyfill);

describe("wrapIndex", () => {
  it("steps forwards and backwards, wrapping at both ends", () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(1, -1, 3)).toBe(0);
  });

  it("stays at 0 when there is nothing to show", () => {
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });
});

function Harness({ count, onClose = () => {} }: { count: number; onClose?: () => void }) {
  const [index, setIndex] = useState<number | null>(null);
  const images = Array.from({ length: count }, (_, i) => image(i + 1));
  return (
    <>
      <button type="button" onClick={() => setIndex(0)}>
        Open
      </button>
      <ImageDialog
        images={images}
        productName="Rose Serum"
        index={index}
        onIndexChange={setIndex}
        onClose={() => {
          setIndex(null);
          onClose();
        }}
      />
    </>
  );
}

const shownImage = () => screen.getByRole("dialog").querySelector("img");

describe("ImageDialog", () => {
  it("opens as a modal dialog named after the product", async () => {
    render(<Harness count={3} />);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByRole("dialog", { name: "Rose Serum" })).toBeVisible();
    expect(screen.getByText("Image 1 of 3")).toBeInTheDocument();
  });

  it("moves with Previous and Next, wrapping around", async () => {
    render(<Harness count={3} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    await userEvent.click(screen.getByRole("button", { name: "Previous image" }));
    expect(screen.getByText("Image 3 of 3")).toBeInTheDocument();
    expect(shownImage()).toHaveAttribute("src", "https://img.test/3/1200.jpg");
    await userEvent.click(screen.getByRole("button", { name: "Next image" }));
    expect(screen.getByText("Image 1 of 3")).toBeInTheDocument();
  });

  it("moves with the arrow keys, wrapping around", async () => {
    render(<Harness count={2} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.keyDown(dialog, { key: "ArrowRight" });
    expect(shownImage()).toHaveAttribute("src", "https://img.test/2/1200.jpg");
    fireEvent.keyDown(dialog, { key: "ArrowRight" });
    expect(shownImage()).toHaveAttribute("src", "https://img.test/1/1200.jpg");
    fireEvent.keyDown(dialog, { key: "ArrowLeft" });
    expect(shownImage()).toHaveAttribute("src", "https://img.test/2/1200.jpg");
  });

  it("closes on Escape and with the Close button", async () => {
    const onClose = vi.fn();
    render(<Harness count={2} onClose={onClose} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("locks the page's scrolling while open", async () => {
    render(<Harness count={2} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(document.documentElement.style.overflow).toBe("hidden");
    await userEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(document.documentElement.style.overflow).toBe("");
  });

  it("shows a single picture without previous, next or a counter", async () => {
    render(<Harness count={1} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.queryByRole("button", { name: "Next image" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Previous image" })).not.toBeInTheDocument();
    expect(screen.queryByText(/Image 1 of/)).not.toBeInTheDocument();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "ArrowRight" });
    expect(shownImage()).toHaveAttribute("src", "https://img.test/1/1200.jpg");
  });
});
