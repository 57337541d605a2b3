// The storefront's editorial pictures: wide still lifes of each house's products, drawn by the
// backend's product-art renderer (`just editorial`, backend/cmd/atelier-editorial) into
// public/editorial, and described by editorial.gen.json. They are static files of the storefront,
// so they show on a fresh `just dev` without any catalogue; the ?v= in each URL changes with the
// files' bytes, so the static handler's hour of caching never shows an old drawing.
import type { ImageView } from "~/lib/models/catalog";
import manifest from "./editorial.gen.json";

/** Where a picture is used: a home hero slide (3:2), a collection card (4:3), a shop banner (6:1). */
export type EditorialRole = "hero" | "card" | "banner";

type Entry = {
  role: string;
  house: string;
  alt: string;
  width: number;
  height: number;
  widths: number[];
  files: string;
  version: string;
};

const entries: readonly Entry[] = manifest.pictures;

function url(e: Entry, width: number, ext: string): string {
  return `/editorial/${e.files}-${width}.${ext}?v=${e.version}`;
}

function srcSet(e: Entry, ext: string): string {
  return e.widths.map((w) => `${url(e, w, ext)} ${w}w`).join(", ");
}

/** An editorial picture as the product pictures are shaped: AVIF preferred, WebP for the rest. */
function toImage(e: Entry): ImageView {
  const widest = e.widths.at(-1) ?? e.width;
  return {
    src: url(e, widest, "webp"),
    srcSet: srcSet(e, "webp"),
    sources: [{ type: "image/avif", srcSet: srcSet(e, "avif") }],
    alt: e.alt,
    width: e.width,
    height: e.height,
  };
}

/**
 * The picture for a role and a house (brand / category name); house "" is the shop as a whole
 * (both houses together). Null when none was drawn for it, e.g. a brand added after the demo's two.
 */
export function editorialImage(role: EditorialRole, house: string): ImageView | null {
  const entry = entries.find((e) => e.role === role && e.house === house);
  return entry ? toImage(entry) : null;
}
