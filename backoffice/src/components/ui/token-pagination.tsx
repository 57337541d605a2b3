import { Button } from "./button";
import "./pagination.css";

/**
 * A list paged by page tokens (AIP-158) keeps, in the URL's `page`, the trail of tokens that led
 * to the page shown, joined by spaces: its last names the page, and dropping it goes back one
 * page. tokenTrail reads that value; the page's own token is the trail's last ("" for the first).
 */
export function tokenTrail(page: string): string[] {
  return page ? page.split(" ") : [];
}

/** A query's answer as TokenPagination reads it: every token-paged list answers next_page_token. */
export type TokenPagedQuery = {
  data?: { next_page_token?: string };
  /** The page shown is the previous one's while the next loads: Next waits. */
  isPlaceholderData: boolean;
};

export type TokenPaginationProps = {
  /** The URL's `page`: the trail of tokens to the page shown ("" on the first page). */
  page: string;
  query: TokenPagedQuery;
  /** Called with the `page` to show. */
  onPage: (change: { page: string }) => void;
  /** What is listed, plural, e.g. "API keys". */
  noun: string;
};

/**
 * TokenPagination moves back and forth through a list paged by tokens, which knows no page
 * count: it says which page the reader is on.
 */
export function TokenPagination({ page, query, onPage, noun }: TokenPaginationProps) {
  const trail = tokenTrail(page);
  const next = query.data?.next_page_token ?? "";
  const go = (to: string[]) => onPage({ page: to.join(" ") });
  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      <p className="pagination__where">Page {trail.length + 1}</p>
      <div className="pagination__buttons">
        <Button variant="secondary" disabled={trail.length === 0} onClick={() => go(trail.slice(0, -1))}>
          Previous
        </Button>
        <Button
          variant="secondary"
          disabled={!next || query.isPlaceholderData}
          onClick={() => go([...trail, next])}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
