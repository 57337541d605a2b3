import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/**
 * useUrlState keeps a screen's view state (page, search, filters, sort) in the URL's query, so a
 * reload or a shared link shows the same view. Values equal to their default are left out of the
 * URL. A change that is not itself a page change goes back to page 1, when the state has one.
 */
export function useUrlState<T extends Record<string, string>>(defaults: T): [T, (patch: Partial<T>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for params' contents
  const state = useMemo(() => {
    const out = { ...defaults };
    for (const name of Object.keys(defaults) as (keyof T & string)[]) {
      const v = params.get(name);
      if (v !== null) out[name] = v as T[typeof name];
    }
    return out;
  }, [key, defaults]);
  const update = useCallback(
    (patch: Partial<T>) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(patch)) {
          if (value === undefined || value === defaults[name]) next.delete(name);
          else next.set(name, value);
        }
        if ("page" in defaults && !("page" in patch)) next.delete("page");
        return next;
      });
    },
    [setParams, defaults],
  );
  return [state, update];
}

/** SortState is a table's one sort: a column id and its direction, as TanStack Table writes it. */
export type SortState = { id: string; desc: boolean }[];

/** parseSort reads "name" or "-price" (descending) into a table's sorting state. */
export function parseSort(value: string): SortState {
  if (!value) return [];
  return value.startsWith("-") ? [{ id: value.slice(1), desc: true }] : [{ id: value, desc: false }];
}

/** formatSort writes a table's sorting state as "name" or "-price"; no sort is "". */
export function formatSort(sorting: SortState): string {
  const first = sorting[0];
  if (!first) return "";
  return first.desc ? `-${first.id}` : first.id;
}
