// How many product cards the classic carousel shows at once, and where it can stop.

/** Three cards side by side from this width up; one below it. */
export const wideViewportQuery = "(min-width: 768px)";

export function visibleCount(wide: boolean): number {
  return wide ? 3 : 1;
}

/** Stops for `items` cards shown `visible` at a time: the first card of each full view. */
export function positionCount(items: number, visible: number): number {
  return Math.max(1, items - visible + 1);
}

export function isInView(item: number, position: number, visible: number): boolean {
  return item >= position && item < position + visible;
}

/** Accessible name of the dot for a stop, e.g. "Show products 2 to 4" or "Show product 3". */
export function positionLabel(position: number, visible: number): string {
  return visible === 1
    ? `Show product ${position + 1}`
    : `Show products ${position + 1} to ${position + visible}`;
}
