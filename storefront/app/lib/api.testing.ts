// For tests of loaders and actions: a router context holding a stand-in API client, so the real
// loader or action runs against canned answers.
import { RouterContextProvider } from "react-router";
import { type Api, apiContext } from "./api.server";

/** The services and methods a test stands in for; a loader never reaches the rest. */
export type FakeApi = { [S in keyof Api]?: Partial<Api[S]> };

export function contextWith(api: FakeApi): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, api as Api);
  return context;
}

/** What a loader receives for a GET of `path` (relative to http://shop.test, or absolute). */
export function loaderArgs(path: string, api: FakeApi, init?: RequestInit) {
  const url = new URL(path, "http://shop.test");
  return { request: new Request(url, init), url, pattern: url.pathname, params: {}, context: contextWith(api) };
}

/** What an action receives for a plain form post of `fields` to `path`. */
export function actionArgs(path: string, fields: Record<string, string>, api: FakeApi) {
  return loaderArgs(path, api, { method: "POST", body: new URLSearchParams(fields) });
}
