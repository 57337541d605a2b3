// Shared by the information pages' route tests: a router context holding a stand-in API, so the
// real loaders run against canned answers.
import { RouterContextProvider } from "react-router";
import { type Api, apiContext } from "~/lib/api.server";

export function contextWith(api: Partial<Api>): RouterContextProvider {
  const context = new RouterContextProvider();
  // Loaders only reach the services they use; the rest of the client is never called.
  context.set(apiContext, api as Api);
  return context;
}

/** What a loader receives for a GET of `path`. */
export function loaderArgs(path: string, api: Partial<Api>) {
  const url = new URL(path, "http://shop.test");
  return { request: new Request(url), url, pattern: url.pathname, params: {}, context: contextWith(api) };
}
