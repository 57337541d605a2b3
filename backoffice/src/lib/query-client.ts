import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError, isUnauthenticated } from "./api/errors";
import { endSession, sessionKey } from "./session";

/**
 * newQueryClient is the back office's server-state cache. A refusal from the API (4xx) is an
 * answer, not a hiccup: it is never retried; a network failure or a 5xx is, once. A 401 from
 * any call means the session has ended (expired or revoked): the session is forgotten, and the
 * app returns to sign-in, remembering where the admin was.
 */
export function newQueryClient(): QueryClient {
  const onError = (err: unknown, key?: readonly unknown[]) => {
    if (isUnauthenticated(err) && key?.[0] !== sessionKey[0]) endSession(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (err, query) => onError(err, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (err) => onError(err) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failures, err) =>
          failures < 1 && !(err instanceof ApiError && err.status >= 400 && err.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
