/** DiffLine is one line of a line diff: kept, removed (only before) or added (only after). */
export type DiffLine = { kind: "same" | "removed" | "added"; text: string };

// Block-level closing tags end a line, so HTML written on one line still diffs paragraph by paragraph.
const blockEnd =
  /(<\/(?:p|h[1-6]|li|ul|ol|table|thead|tbody|tr|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>)(?!\n)/gi;

/** linesOf splits text (or HTML) into the lines a reader compares. */
export function linesOf(text: string): string[] {
  if (text === "") return [];
  return text
    .replace(blockEnd, "$1\n")
    .split("\n")
    .filter((l, i, all) => l !== "" || i < all.length - 1);
}

// Beyond this many cells the LCS table costs too much; the diff then shows all before, all after.
const maxCells = 1_000_000;

/**
 * lineDiff compares two texts line by line (longest common subsequence), so a long page shows
 * only the paragraphs that changed among the ones that did not.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  if (a.length * b.length > maxCells) {
    return [
      ...a.map((text) => ({ kind: "removed" as const, text })),
      ...b.map((text) => ({ kind: "added" as const, text })),
    ];
  }
  // lcs[i][j] is the length of the longest common subsequence of a[i:] and b[j:].
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lcs[i] as number[];
    const below = lcs[i + 1] as number[];
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] =
        a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] as string });
      i++;
      j++;
    } else if ((lcs[i + 1]?.[j] ?? 0) >= (lcs[i]?.[j + 1] ?? 0)) {
      out.push({ kind: "removed", text: a[i++] as string });
    } else {
      out.push({ kind: "added", text: b[j++] as string });
    }
  }
  while (i < a.length) out.push({ kind: "removed", text: a[i++] as string });
  while (j < b.length) out.push({ kind: "added", text: b[j++] as string });
  return out;
}
