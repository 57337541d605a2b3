// The wishlist as the pages show it, and what its action answers. Shared by the server (loaders,
// the action) and the components.
import type { Wishlist } from "~/gen/atelier/store/v1/wishlist_pb";
import { type ProductSummary, toSummary } from "./catalog";

/** How many products a guest's wishlist keeps in the browser (an account's holds 200, the API's limit). */
export const guestWishlistLimit = 50;

export type WishlistIntent = "add" | "remove" | "move";

/** What the wishlist action answers to an enhanced (JavaScript) submission. */
export type WishlistActionResult =
  | { ok: true; intent: WishlistIntent; productId: string; saved: boolean }
  | { ok: false; intent: WishlistIntent; productId: string; error: string };

/** The saved products, newest first; products the API no longer shows are already left out. */
export function toWishlistProducts(w: Wishlist | undefined): ProductSummary[] {
  return (w?.items ?? []).flatMap((item) => (item.product ? [toSummary(item.product)] : []));
}

/** "1 piece" / "3 pieces": how the page counts what is saved. */
export function piecesLabel(count: number): string {
  return `${count} ${count === 1 ? "piece" : "pieces"}`;
}
