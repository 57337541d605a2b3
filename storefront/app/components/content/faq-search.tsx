import { Form, Link } from "react-router";

type Props = {
  query: string;
  onQueryChange: (value: string) => void;
  /** "3 questions match", "No questions match …", or empty when not searching. */
  resultText: string;
};

/**
 * Filters the questions. Without JavaScript it is a GET form the server answers with the
 * filtered page; once hydrated the list follows every keystroke and the button is only a
 * fallback.
 */
export function FaqSearch({ query, onQueryChange, resultText }: Props) {
  return (
    <div className="faq-search">
      <Form
        method="get"
        action="/faq"
        role="search"
        aria-label="Search the FAQ"
        className="faq-search__form"
        replace
        preventScrollReset
      >
        <label htmlFor="faq-search-input">Search questions</label>
        <div className="faq-search__row">
          <input
            id="faq-search-input"
            type="search"
            name="q"
            value={query}
            onChange={(e) => onQueryChange(e.currentTarget.value)}
            placeholder="Delivery, returns, vegan…"
            autoComplete="off"
            aria-describedby="faq-search-result"
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </div>
      </Form>
      <div className="faq-search__meta">
        <p id="faq-search-result" className="faq-search__result" role="status" aria-live="polite">
          {resultText}
        </p>
        {query.trim() && (
          <Link to="/faq" replace preventScrollReset className="faq-search__clear">
            Clear search
          </Link>
        )}
      </div>
    </div>
  );
}
