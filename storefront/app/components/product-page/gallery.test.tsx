import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { installDialogPolyfill } from "~/lib/testing/dialog";
import { image } from "~/lib/testing/product";
import { Gallery } from "./gallery";

beforeAll(installDialogPolyfill);

const images = [image(1), image(2), image(3)];
const mainImage = () => within(screen.getByRole("button", { name: "Zoom image" })).getByRole("img");

describe("Gallery", () => {
  it("shows the first picture with high priority and a thumbnail per picture", () => {
    render(<Gallery images={images} productName="Rose Serum" />);
    expect(mainImage()).toHaveAttribute("src", images[0]!.src);
    expect(mainImage()).toHaveAttribute("fetchpriority", "high");
    const thumbs = within(screen.getByRole("list", { name: "Product images" })).getAllByRole("button");
    expect(thumbs).toHaveLength(3);
    expect(thumbs[0]).toHaveAttribute("aria-current", "true");
  });

  it("steps through the pictures with Previous and Next, wrapping around", async () => {
    render(<Gallery images={images} productName="Rose Serum" />);
    await userEvent.click(screen.getByRole("button", { name: "Previous image" }));
    expect(mainImage()).toHaveAttribute("src", images[2]!.src);
    await userEvent.click(screen.getByRole("button", { name: "Next image" }));
    expect(mainImage()).toHaveAttribute("src", images[0]!.src);
  });

  it("shows the picture whose thumbnail is chosen", async () => {
    render(<Gallery images={images} productName="Rose Serum" />);
    await userEvent.click(screen.getByRole("button", { name: "Show image 2 of 3" }));
    expect(mainImage()).toHaveAttribute("src", images[1]!.src);
    expect(screen.getByRole("button", { name: "Show image 2 of 3" })).toHaveAttribute("aria-current", "true");
  });

  it("zooms the current picture full screen and keeps the place the shopper reached there", async () => {
    render(<Gallery images={images} productName="Rose Serum" />);
    await userEvent.click(screen.getByRole("button", { name: "Show image 2 of 3" }));
    await userEvent.click(screen.getByRole("button", { name: "Zoom image" }));
    const dialog = screen.getByRole("dialog", { name: "Rose Serum" });
    expect(within(dialog).getByText("Image 2 of 3")).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: "ArrowRight" });
    fireEvent.keyDown(dialog, { key: "ArrowRight" });
    expect(within(dialog).getByText("Image 1 of 3")).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(mainImage()).toHaveAttribute("src", images[0]!.src);
  });

  it("shows a placeholder and no controls without pictures", () => {
    render(<Gallery images={[]} productName="Rose Serum" />);
    expect(screen.getByRole("img", { name: "Rose Serum: image unavailable" })).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("offers no stepping for a single picture", () => {
    render(<Gallery images={[image(1)]} productName="Rose Serum" />);
    expect(screen.getByRole("button", { name: "Zoom image" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Next image" })).not.toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Product images" })).not.toBeInTheDocument();
  });
});

describe("Gallery before JavaScript", () => {
  it("draws no button it could not work: the pictures alone, and every picture in the phone strip", () => {
    const html = renderToString(<Gallery images={images} productName="Rose Serum" />);
    expect(html).not.toContain("<button");
    const strip = html.match(/<ul class="gallery__strip"[^>]*>(.*?)<\/ul>/s)?.[1] ?? "";
    expect(strip.match(/<img /g)).toHaveLength(3);
  });
});

describe("Gallery on phones", () => {
  it("offers every picture in a strip that swipes, the first with high priority", () => {
    render(<Gallery images={images} productName="Rose Serum" />);
    const strip = screen.getByRole("list", { name: "Photographs of Rose Serum" });
    const pictures = within(strip).getAllByRole("img");
    expect(pictures.map((p) => p.getAttribute("src"))).toEqual(images.map((i) => i.src));
    expect(pictures[0]).toHaveAttribute("fetchpriority", "high");
    expect(pictures[1]).toHaveAttribute("loading", "lazy");
  });
});
