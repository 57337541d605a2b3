import "./pagination.css";

export type PaginationProps = {
  page: number;
  totalPages: number;
  totalCount?: number;
  onPageChange: (page: number) => void;
  /** What is counted, plural, e.g. "products". */
  noun: string;
};

/** Pagination moves between a server-paged list's pages and says where the reader is. */
export function Pagination({ page, totalPages, totalCount, onPageChange, noun }: PaginationProps) {
  const pages = Math.max(totalPages, 1);
  return (
    <nav className="pagination" aria-label={`Pages of ${noun}`}>
      <p className="pagination__where" aria-live="polite">
        Page {page} of {pages}
        {totalCount !== undefined ? ` · ${new Intl.NumberFormat("en-GB").format(totalCount)} ${noun}` : ""}
      </p>
      <div className="pagination__buttons">
        <button
          type="button"
          className="button button--secondary"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
