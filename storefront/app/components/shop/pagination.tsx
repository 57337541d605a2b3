// Page links for the shop: Previous, the first and last pages, the current page with its
// neighbours, and ellipses for the gaps. Plain links, so paging works before JavaScript loads and
// every page has its own shareable URL.
import { Link } from "react-router";

export type PaginationItem = number | "ellipsis";

/**
 * Pages to offer: first, last and current ±1, in order, with "ellipsis" where pages are skipped.
 * A gap of a single page shows that page instead, since an ellipsis would hide no more than the
 * number it replaces.
 */
export function paginationItems(current: number, total: number): PaginationItem[] {
  if (total <= 1) return [];
  const page = Math.min(Math.max(current, 1), total);
  const wanted = new Set([1, page - 1, page, page + 1, total].filter((p) => p >= 1 && p <= total));
  const pages = [...wanted].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push("ellipsis");
    items.push(p);
    previous = p;
  }
  return items;
}

type Props = {
  current: number;
  total: number;
  /** URL of a page. */
  hrefFor: (page: number) => string;
};

export function Pagination({ current, total, hrefFor }: Props) {
  const items = paginationItems(current, total);
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        <li>
          <StepLink label="Previous" to={current > 1 ? hrefFor(current - 1) : null} rel="prev" />
        </li>
        {items.map((item, i) =>
          item === "ellipsis" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: there can be two gaps; each is told apart by its place.
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                className="pagination__page"
                aria-label={`Page ${item}`}
                aria-current={item === current ? "page" : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          <StepLink label="Next" to={current < total ? hrefFor(current + 1) : null} rel="next" />
        </li>
      </ul>
    </nav>
  );
}

function StepLink({ label, to, rel }: { label: string; to: string | null; rel: "prev" | "next" }) {
  const content = (
    <>
      {rel === "prev" && <span aria-hidden="true">‹</span>}
      <span className="pagination__label">{label}</span>
      {rel === "next" && <span aria-hidden="true">›</span>}
    </>
  );
  if (!to) {
    // A link that goes nowhere is announced as unavailable rather than removed, so the row keeps its shape.
    return (
      <span className="pagination__step" aria-disabled="true">
        {content}
      </span>
    );
  }
  return (
    <Link to={to} rel={rel} className="pagination__step">
      {content}
    </Link>
  );
}
