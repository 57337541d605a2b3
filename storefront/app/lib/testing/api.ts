// For tests of loaders and actions: a router context holding a stand-in API client (and, when
// given, the signed-in account), so the real loader or action runs against canned answers.
import { create, toBinary } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { RouterContextProvider } from "react-router";
import { BadRequestSchema, ErrorInfoSchema } from "~/gen/google/rpc/error_details_pb";
import { type Api, apiContext } from "~/lib/server/api.server";
import { type Account, type SessionState, sessionContext } from "~/lib/server/session.server";

/** The services and methods a test stands in for; a loader never reaches the rest. */
export type FakeApi = { [S in keyof Api]?: Partial<Api[S]> };

/** Who the request is from: an account (signed in), or a session state as the middleware left it. */
export type FakeSession = Account | Partial<SessionState> | null;

export const customerAccount: Account = {
  id: "u-1",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  role: "customer",
};
/** What registering customerAccount asks of the API. */
export const customerRegistrationRequest = {
  firstName: customerAccount.firstName,
  lastName: customerAccount.lastName,
  email: customerAccount.email,
  password: "correct horse",
};
/** The registration form as customerAccount filled it in: every field valid. */
export const customerRegistration = {
  ...customerRegistrationRequest,
  confirmPassword: customerRegistrationRequest.password,
};
export const adminAccount: Account = {
  id: "u-2",
  firstName: "Grace",
  lastName: "Hopper",
  email: "grace@atelier.test",
  role: "admin",
};

export function contextWith(api: FakeApi, session: FakeSession = null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, api as Api);
  const state: SessionState = { account: null, ended: false, unknown: false };
  if (session && "role" in session) state.account = session;
  else if (session) Object.assign(state, session);
  context.set(sessionContext, state);
  return context;
}

/** What a loader receives for a GET of `path` (relative to http://shop.test, or absolute). */
export function loaderArgs(path: string, api: FakeApi, init?: RequestInit, session: FakeSession = null) {
  const url = new URL(path, "http://shop.test");
  return {
    request: new Request(url, init),
    url,
    pattern: url.pathname,
    params: {},
    context: contextWith(api, session),
  };
}

/** What an action receives for a plain form post of `fields` to `path`. */
export function actionArgs(
  path: string,
  fields: Record<string, string>,
  api: FakeApi,
  opts: { session?: FakeSession; headers?: HeadersInit } = {},
) {
  return loaderArgs(
    path,
    api,
    { method: "POST", body: new URLSearchParams(fields), headers: opts.headers },
    opts.session ?? null,
  );
}

/**
 * A refusal as the API sends it: a Connect code and message, with the stable reason in a
 * google.rpc.ErrorInfo detail (with its metadata, e.g. the field) and any response headers
 * (Retry-After) in the Connect metadata.
 */
export function apiError(
  code: Code,
  message: string,
  reason?: string,
  headers?: HeadersInit,
  metadata?: Record<string, string>,
): ConnectError {
  const err = new ConnectError(message, code, headers);
  if (reason || metadata) {
    // As a Connect client receives it: the detail's type name and its bytes.
    const info = create(ErrorInfoSchema, {
      reason: reason ?? "",
      domain: "atelier.store",
      metadata: metadata ?? {},
    });
    err.details.push({ type: ErrorInfoSchema.typeName, value: toBinary(ErrorInfoSchema, info) });
  }
  return err;
}

/**
 * A validation refusal about one field, as the API words it: InvalidArgument, a BadRequest field
 * violation naming the request field by its proto path, and ErrorInfo's `field`.
 */
export function fieldError(field: string, message: string, code: Code = Code.InvalidArgument): ConnectError {
  const err = apiError(code, message, "invalid_field", undefined, { field });
  const bad = create(BadRequestSchema, { fieldViolations: [{ field, description: message }] });
  err.details.unshift({ type: BadRequestSchema.typeName, value: toBinary(BadRequestSchema, bad) });
  return err;
}
