import { useState } from "react";
import { useLocation, useSearchParams } from "react-router";

/** Marks the navigations the search box makes itself. */
const typedState = { faqSearch: true } as const;

function isTyped(state: unknown): boolean {
  return typeof state === "object" && state !== null && "faqSearch" in state;
}

/**
 * The FAQ search text. It starts from ?q= (so a shared or server-filtered URL shows the same
 * questions) and follows the input as the shopper types, mirrored into the URL with replace
 * navigations so the address stays shareable without filling the history.
 */
export function useFaqQuery(): [string, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const [query, setQuery] = useState(() => searchParams.get("q") ?? "");
  const [seenKey, setSeenKey] = useState(location.key);

  // Another navigation (Clear search, the back button, a link to /faq?q=…) sets the text. The
  // box's own navigations finish after further keystrokes, so their URL is never read back.
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (!isTyped(location.state)) setQuery(searchParams.get("q") ?? "");
  }

  const update = (value: string) => {
    setQuery(value);
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set("q", value);
        else next.delete("q");
        return next;
      },
      { replace: true, preventScrollReset: true, state: typedState },
    );
  };

  return [query, update];
}
