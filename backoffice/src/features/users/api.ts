import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import type { components } from "~/lib/api/schema.gen";

export type Account = components["schemas"]["atelier.admin.v1.Account"];
export type Role = NonNullable<Account["role"]>;

/** The page size of the accounts table. */
export const pageSize = 25;

export const accountKeys = {
  all: ["accounts"] as const,
  list: (query: string, role: string, token: string) =>
    [...accountKeys.all, "list", query, role, token] as const,
};

/** useAccounts reads one page of accounts, newest first, filtered by text and role. */
export function useAccounts(query: string, role: string, token: string) {
  const api = useApi();
  return useQuery({
    queryKey: accountKeys.list(query, role, token),
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        api.GET("/api/v1/admin/accounts", {
          params: {
            query: {
              page_size: pageSize,
              ...(query ? { query } : {}),
              ...(role ? { role: role as Role } : {}),
              ...(token ? { page_token: token } : {}),
            },
          },
        }),
      ),
  });
}
