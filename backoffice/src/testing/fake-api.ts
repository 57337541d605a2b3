// A typed fake of the admin API for component and screen tests: routes are the OpenAPI
// document's paths and methods, and each answer is checked against the generated response type,
// so a test cannot drift from the contract. It speaks the real wire format (JSON, the error
// shape), so the real client and its error handling run unchanged.
import { type ApiClient, createApiClient } from "~/lib/api/client";
import type { paths } from "~/lib/api/schema.gen";

type Method = "get" | "post" | "put" | "patch" | "delete";

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type OkBody<O> = O extends { responses: { 200: { content: { "application/json": infer R } } } } ? R : never;

/** FakeRequest is what a fake route sees of a request. */
export type FakeRequest = {
  params: Record<string, string>;
  query: URLSearchParams;
  // biome-ignore lint/suspicious/noExplicitAny: a request body as the test chooses to read it
  body: any;
  headers: Headers;
};

/** Refusal is an error answer in the API's shape; build one with `refuse`. */
export type Refusal = { refusal: true; status: number; body: unknown };

type Reply<T> = T | Refusal | Promise<T | Refusal>;

export type FakeRoutes = {
  [P in keyof paths]?: {
    [M in Method as paths[P][M] extends undefined ? never : M]?: (
      req: FakeRequest,
    ) => Reply<OkBody<Operation<P, M>>>;
  };
};

const codes: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 409: 10, 412: 9, 429: 8, 500: 13 };

/** refuse builds an error answer the way the API writes it: status, message, reason, field violations. */
export function refuse(
  status: number,
  reason: string,
  message: string,
  options: { metadata?: Record<string, string>; fields?: Record<string, string> } = {},
): Refusal {
  const details: unknown[] = [
    {
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason,
      domain: "atelier",
      metadata: options.metadata ?? {},
    },
  ];
  if (options.fields) {
    details.push({
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      field_violations: Object.entries(options.fields).map(([field, description]) => ({
        field,
        description,
      })),
    });
  }
  return { refusal: true, status, body: { code: codes[status] ?? 2, message, details } };
}

function isRefusal(v: unknown): v is Refusal {
  return typeof v === "object" && v !== null && (v as Refusal).refusal === true;
}

/** A request the fake received, for assertions on what a screen sent. */
export type RecordedCall = { method: string; path: string; query: URLSearchParams; body: unknown };

const origin = "http://backoffice.test";

/**
 * fakeApi returns a client whose requests are answered by routes, and the calls it received.
 * A request to a route the test did not give is answered 404 and fails loudly in the log.
 */
export function fakeApi(routes: FakeRoutes): { client: ApiClient; calls: RecordedCall[] } {
  const table = Object.entries(routes).flatMap(([template, methods]) =>
    Object.entries(methods as Record<string, (r: FakeRequest) => unknown>).map(([method, handler]) => ({
      method: method.toUpperCase(),
      pattern: patternOf(template),
      handler,
    })),
  );
  const calls: RecordedCall[] = [];
  const fetchImpl = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/admin\/api/, "");
    const text = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    calls.push({ method: request.method, path, query: url.searchParams, body });
    for (const route of table) {
      if (route.method !== request.method) continue;
      const m = route.pattern.exec(path);
      if (!m) continue;
      const reply = await route.handler({
        params: m.groups ?? {},
        query: url.searchParams,
        body,
        headers: request.headers,
      });
      if (isRefusal(reply)) return json(reply.status, reply.body);
      return json(200, reply ?? {});
    }
    console.error(`fakeApi: no route for ${request.method} ${path}`);
    return json(404, refuse(404, "not_found", `no fake route for ${request.method} ${path}`).body);
  };
  return { client: createApiClient({ fetch: fetchImpl as typeof fetch, origin }), calls };
}

function patternOf(template: string): RegExp {
  const source = template
    .split(/(\{[a-z_]+\})/)
    .map((part) => {
      const name = /^\{([a-z_]+)\}$/.exec(part)?.[1];
      return name ? `(?<${name}>[^/:]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${source}$`);
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}
