import { create } from "@bufbuild/protobuf";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProductImageSchema } from "~/gen/atelier/store/v1/product_pb";
import { toImage } from "~/lib/models/catalog";
import { ProductImage } from "./product-image";

const widths = [400, 800, 1200];

/** An image as the API sends it, with renditions in the given formats at each width. */
function apiImage(types: string[]) {
  return toImage(
    create(ProductImageSchema, {
      id: "i1",
      url: `https://media.test/i1/1200.${types[0]?.split("/")[1]}`,
      alt: "Rose Serum, front view",
      primary: true,
      width: 1200,
      height: 1500,
      variants: widths.flatMap((w) =>
        types.map((t) => ({
          url: `https://media.test/i1/${w}.${t.split("/")[1]}`,
          width: w,
          height: w * 1.25,
          contentType: t,
        })),
      ),
    }),
    "Rose Serum",
  );
}

function renderImage(types: string[], priority = false) {
  const { container } = render(
    <ProductImage
      image={apiImage(types)}
      name="Rose Serum"
      sizes="(max-width: 600px) 100vw, 50vw"
      priority={priority}
    />,
  );
  return {
    picture: container.querySelector("picture"),
    img: screen.getByRole("img", { name: "Rose Serum, front view" }),
  };
}

describe("ProductImage", () => {
  it("offers AVIF, then WebP, ahead of the JPEG <img>, each with every width and the caller's sizes", () => {
    const { picture, img } = renderImage(["image/avif", "image/webp", "image/jpeg"]);
    const sources = [...(picture?.querySelectorAll("source") ?? [])];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]).toHaveAttribute(
      "srcset",
      "https://media.test/i1/400.avif 400w, https://media.test/i1/800.avif 800w, https://media.test/i1/1200.avif 1200w",
    );
    expect(sources[1]).toHaveAttribute(
      "srcset",
      "https://media.test/i1/400.webp 400w, https://media.test/i1/800.webp 800w, https://media.test/i1/1200.webp 1200w",
    );
    for (const s of sources) expect(s).toHaveAttribute("sizes", "(max-width: 600px) 100vw, 50vw");
    expect(img.parentElement).toBe(picture);
    expect(img).toHaveAttribute("src", "https://media.test/i1/1200.jpeg");
    expect(img).toHaveAttribute(
      "srcset",
      "https://media.test/i1/400.jpeg 400w, https://media.test/i1/800.jpeg 800w, https://media.test/i1/1200.jpeg 1200w",
    );
    expect(img).toHaveAttribute("sizes", "(max-width: 600px) 100vw, 50vw");
  });

  it("gives the <img> the largest JPEG's size, so the box is reserved before it loads", () => {
    const { img } = renderImage(["image/avif", "image/webp", "image/jpeg"]);
    expect(img).toHaveAttribute("width", "1200");
    expect(img).toHaveAttribute("height", "1500");
  });

  it("renders no empty sources when there are only JPEGs", () => {
    const { picture, img } = renderImage(["image/jpeg"]);
    expect(picture?.querySelectorAll("source")).toHaveLength(0);
    expect(img).toHaveAttribute("src", "https://media.test/i1/1200.jpeg");
    expect(img.getAttribute("srcset")).toContain("https://media.test/i1/400.jpeg 400w");
  });

  it("offers only the modern formats the image has", () => {
    const { picture } = renderImage(["image/webp", "image/jpeg"]);
    expect([...(picture?.querySelectorAll("source") ?? [])].map((s) => s.getAttribute("type"))).toEqual([
      "image/webp",
    ]);
  });

  it("loads lazily below the fold, and eagerly with high priority above it", () => {
    const lazy = renderImage(["image/avif", "image/jpeg"]).img;
    expect(lazy).toHaveAttribute("loading", "lazy");
    expect(lazy).toHaveAttribute("decoding", "async");
    expect(lazy).not.toHaveAttribute("fetchpriority");
    document.body.innerHTML = "";
    const eager = renderImage(["image/avif", "image/jpeg"], true).img;
    expect(eager).toHaveAttribute("loading", "eager");
    expect(eager).toHaveAttribute("fetchpriority", "high");
  });

  it("asks for the page's most important picture from the head, in the first format offered", () => {
    const sizes = "(max-width: 700px) 90vw, 40vw";
    const preloads = () =>
      document.head.querySelectorAll(`link[rel=preload][as=image][imagesizes="${sizes}"]`);
    const image = apiImage(["image/avif", "image/webp", "image/jpeg"]);
    render(<ProductImage image={image} name="Rose Serum" sizes={sizes} />);
    expect(preloads(), "a picture below the fold waits its turn").toHaveLength(0);
    render(<ProductImage image={image} name="Rose Serum" sizes={sizes} priority />);
    expect(preloads()).toHaveLength(1);
    const link = preloads()[0];
    expect(link).toHaveAttribute("type", "image/avif");
    expect(link).toHaveAttribute("fetchpriority", "high");
    expect(link?.getAttribute("imagesrcset")).toContain("https://media.test/i1/800.avif 800w");
  });

  it("asks for a picture one layout hides only where it is drawn", () => {
    const sizes = "(max-width: 767px) 70vw, 1px";
    const image = apiImage(["image/avif", "image/jpeg"]);
    const { container } = render(
      <ProductImage image={image} name="Rose Serum" sizes={sizes} priority drawnAt="(max-width: 767px)" />,
    );
    const link = document.head.querySelector(`link[rel=preload][as=image][imagesizes="${sizes}"]`);
    expect(link, "preloaded at the widths that draw it").toHaveAttribute("media", "(max-width: 767px)");
    expect(link).toHaveAttribute("fetchpriority", "high");
    const img = container.querySelector("img");
    expect(img, "elsewhere, hidden, it is never in view: not loaded").toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("fetchpriority", "high");
  });

  it("shows a placeholder, and no picture, when there is no image", () => {
    const { container } = render(<ProductImage image={undefined} name="Rose Serum" sizes="96px" />);
    expect(screen.getByRole("img", { name: "Rose Serum: image unavailable" })).toBeInTheDocument();
    expect(container.querySelector("picture")).toBeNull();
  });
});
