import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import type { components } from "~/lib/api/schema.gen";

export type ApiKey = components["schemas"]["atelier.admin.v1.ApiKey"];
export type ApiKeyScope = components["schemas"]["atelier.admin.v1.ApiKeyScope"];
export type ApiKeyKind = "API_KEY_KIND_SECRET" | "API_KEY_KIND_PUBLISHABLE";

/** The page size of the keys table. */
export const pageSize = 25;

export const apiKeyKeys = {
  all: ["api-keys"] as const,
  list: (showRevoked: boolean, token: string) => [...apiKeyKeys.all, "list", showRevoked, token] as const,
  scopes: ["api-key-scopes"] as const,
};

/** useApiKeys reads one page of keys, newest first; revoked ones (listed last) only when asked for. */
export function useApiKeys(showRevoked: boolean, token: string) {
  const api = useApi();
  return useQuery({
    queryKey: apiKeyKeys.list(showRevoked, token),
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        api.GET("/api/v1/admin/api-keys", {
          params: {
            query: {
              page_size: pageSize,
              ...(showRevoked ? {} : { only_active: true }),
              ...(token ? { page_token: token } : {}),
            },
          },
        }),
      ),
  });
}

/** useApiKeyScopes reads the scopes a key may hold, in the order the API offers them. */
export function useApiKeyScopes() {
  const api = useApi();
  return useQuery({
    queryKey: apiKeyKeys.scopes,
    // The scopes are part of the server's code: they change only with a release.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: () => unwrap(api.GET("/api/v1/admin/api-key-scopes")),
  });
}

/** kindName is a key's kind in words. */
export function kindName(kind: ApiKey["kind"]): string {
  if (kind === "API_KEY_KIND_SECRET") return "Secret";
  if (kind === "API_KEY_KIND_PUBLISHABLE") return "Publishable";
  return "Unknown";
}
