import { useQuery } from "@tanstack/react-query";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import type { AdminPage, PageRevision } from "./types";

/** The query keys of the pages section, so a save can refresh exactly what it changed. */
export const pageKeys = {
  all: ["pages"] as const,
  list: () => [...pageKeys.all, "list"] as const,
  one: (slug: string) => [...pageKeys.all, "one", slug] as const,
  revisions: (slug: string) => [...pageKeys.all, "revisions", slug] as const,
  diff: (slug: string, revision: string) => [...pageKeys.all, "diff", slug, revision] as const,
};

/** usePages lists every page (a shop has a few; the API answers them all at once). */
export function usePages() {
  const api = useApi();
  return useQuery({
    queryKey: pageKeys.list(),
    queryFn: async () => {
      const res = await unwrap(api.GET("/api/v1/admin/pages"));
      return (res.pages ?? []) as AdminPage[];
    },
  });
}

/** usePage reads one page as the server stored it (sanitised HTML, current revision). */
export function usePage(slug: string) {
  const api = useApi();
  return useQuery({
    queryKey: pageKeys.one(slug),
    queryFn: async () => {
      const res = await unwrap(api.GET("/api/v1/admin/pages/{slug}", { params: { path: { slug } } }));
      return (res.page ?? {}) as AdminPage;
    },
  });
}

/** usePageRevisions reads a page's latest revisions, newest first. */
export function usePageRevisions(slug: string) {
  const api = useApi();
  return useQuery({
    queryKey: pageKeys.revisions(slug),
    queryFn: async () => {
      const res = await unwrap(
        api.GET("/api/v1/admin/pages/{slug}/revisions", {
          params: { path: { slug }, query: { page_size: 100 } },
        }),
      );
      return (res.revisions ?? []) as PageRevision[];
    },
  });
}

/** usePageDiff reads what one revision changed from its predecessor, when asked for. */
export function usePageDiff(slug: string, revision: string, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: pageKeys.diff(slug, revision),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () =>
      unwrap(
        api.GET("/api/v1/admin/pages/{slug}/revisions/{revision}/diff", {
          params: { path: { slug, revision } },
        }),
      ),
  });
}
