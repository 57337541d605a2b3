import createClient, { type Client } from "openapi-fetch";
import { ApiError, apiErrorOf, networkError } from "./errors";
import type { paths } from "./schema.gen";

/** The admin API's typed client, generated from openapi/openapi.yaml (`just gen`). */
export type ApiClient = Client<paths>;

/**
 * createApiClient returns a client for the back office's API door, /admin/api/ on the page's own
 * origin: the session travels in an HttpOnly cookie the browser adds by itself, so no token is
 * ever handled here. Tests pass their own fetch (a typed fake) and origin.
 */
export function createApiClient(options: { fetch?: typeof fetch; origin?: string } = {}): ApiClient {
  const origin = options.origin ?? window.location.origin;
  return createClient<paths>({
    baseUrl: `${origin}/admin/api`,
    credentials: "same-origin",
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

type Result<T> = { data?: T; error?: unknown; response: Response };

/**
 * unwrap turns openapi-fetch's result into the data, or throws the API's refusal as an ApiError
 * (so TanStack Query sees a failure). A request that got no answer is a "network" ApiError.
 */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw networkError(err);
  }
  if (result.error !== undefined || !result.response.ok) {
    throw apiErrorOf(result.response.status, result.error);
  }
  return result.data as T;
}
