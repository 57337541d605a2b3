// The typed client: openapi-fetch over the paths generated from the OpenAPI document, with the
// partner's API key sent as a bearer token on every request.
import createClient, { type Client } from "openapi-fetch";
import { AtelierError } from "./errors.js";
import type { paths } from "./schema.gen.js";

/** AtelierClient calls the REST API: `client.GET("/api/v1/products", { params: { query } })`. */
export type AtelierClient = Client<paths>;

export interface AtelierClientOptions {
  /** The shop's origin, e.g. `https://shop.example.com`; every path starts with `/api/v1/`. */
  baseUrl: string;
  /**
   * A partner API key (`atl_…`), sent as `Authorization: Bearer`. Omit it for the anonymous public
   * shop API. Never ship a secret key to a browser: use a publishable, read-only key there.
   */
  apiKey?: string;
  /** The fetch to use (a test double, an instrumented fetch); the runtime's global fetch by default. */
  fetch?: typeof globalThis.fetch;
  /** More headers for every request. */
  headers?: Record<string, string>;
}

/** createAtelierClient makes a client for one shop. */
export function createAtelierClient(options: AtelierClientOptions): AtelierClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined) {
    if (options.apiKey.trim() === "") throw new TypeError("createAtelierClient: apiKey is empty");
    headers.Authorization = `Bearer ${options.apiKey}`;
  }
  const customFetch = options.fetch;
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    headers,
    // openapi-fetch calls fetch(request); a bound wrapper keeps `this` right for runtimes whose
    // global fetch must be called on globalThis.
    fetch: customFetch
      ? (request: Request) => customFetch(request)
      : (request: Request) => globalThis.fetch(request),
  });
}

/** The result of a client call: data on success, the decoded error body otherwise. */
interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * unwrap turns a call's result into its data, or throws an AtelierError (reason `network` when the
 * request got no answer):
 *
 *     const { products } = await unwrap(client.GET("/api/v1/products"));
 */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch (err) {
    throw new AtelierError(0, undefined, err);
  }
  if (result.error !== undefined || !result.response.ok) {
    throw new AtelierError(result.response.status, result.error);
  }
  return result.data as T;
}
