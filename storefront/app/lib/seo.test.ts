import { describe, expect, it } from "vitest";
import { originFrom, pageMeta } from "./seo";

describe("pageMeta", () => {
  it("builds title, description, canonical and Open Graph tags", () => {
    const tags = pageMeta({
      title: "Shop",
      description: "All products",
      origin: "https://shop.test",
      path: "/shop",
    });
    expect(tags).toContainEqual({ title: "Shop | Atelier London" });
    expect(tags).toContainEqual({ name: "description", content: "All products" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://shop.test/shop" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://shop.test/shop" });
    expect(tags).not.toContainEqual(expect.objectContaining({ name: "robots" }));
  });

  it("adds the image and noindex when asked", () => {
    const tags = pageMeta({
      description: "d",
      origin: "o",
      path: "/cart",
      image: "https://img",
      noindex: true,
    });
    expect(tags).toContainEqual({ title: "Atelier London — Luxury Skincare" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://img" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});

describe("originFrom", () => {
  it("reads the root loader's origin", () => {
    expect(
      originFrom([{ id: "root", loaderData: { origin: "https://shop.test" } }, { id: "routes/shop" }]),
    ).toBe("https://shop.test");
    expect(originFrom([])).toBe("");
  });
});
