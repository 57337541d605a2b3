// The shopper's session. The API's opaque session token lives only in the HttpOnly cookie
// `__Host-atelier_session` (`atelier_session` over plain http) of the storefront's own origin (ARCHITECTURE "Auth and authorization"): page
// scripts never see it. The root middleware reads it, makes the request's API client send it as a
// bearer token, and asks the API who it belongs to, once per request; loaders and actions then ask
// `sessionUser(context)`. A token the API no longer accepts (expired, revoked) ends the session:
// the shopper is treated as signed out and the cookie is deleted.
import { timestampDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Session } from "~/gen/atelier/store/v1/auth_service_pb";
import type { User } from "~/gen/atelier/store/v1/user_pb";
import { Role } from "~/gen/atelier/type/v1/role_pb";
import { errorInfo } from "~/lib/error-info";
import type { SessionUser } from "~/lib/models/auth";
import { type Api, apiContext, bearer, createApi } from "./api.server";
import { cartCookie, readCartId } from "./cart.server";
import { isSecure, readCookie, serverCookie, setsCookie } from "./cookies.server";
import { mergeGuestWishlist } from "./wishlist.server";

const plainSessionCookieName = "atelier_session";

/**
 * The session cookie's name. Whenever the shop is served over HTTPS (cookies go out Secure) it
 * carries the `__Host-` prefix: the browser then accepts it only Secure, with Path=/ and no
 * Domain, from this very host — so neither a sibling subdomain nor a plain-http page on the way
 * can plant or overwrite a session (session fixation by cookie tossing). Over plain http
 * (development, the e2e stack) a browser would refuse a `__Host-` cookie, so the name is plain.
 */
export function sessionCookieName(request: Request): string {
  return isSecure(request) ? `__Host-${plainSessionCookieName}` : plainSessionCookieName;
}

// Tokens are opaque; this only keeps obvious junk from being sent to the API.
const tokenPattern = /^[A-Za-z0-9._~+/=-]{16,512}$/;

/** The session token the request carries under this origin's cookie name (see sessionCookieName). */
export function readSessionToken(request: Request): string | undefined {
  const value = readCookie(request, sessionCookieName(request));
  return value && tokenPattern.test(value) ? value : undefined;
}

/** The Set-Cookie value that keeps `session`, for as long as the API says it lasts. */
export function sessionCookie(request: Request, session: Session, now = Date.now()): string {
  const maxAge = session.expiresAt ? (timestampDate(session.expiresAt).getTime() - now) / 1000 : undefined;
  return serverCookie(request, sessionCookieName(request), session.token, "/", maxAge);
}

export function clearSessionCookie(request: Request): string {
  return serverCookie(request, sessionCookieName(request), "", "/");
}

/**
 * Over HTTPS, the deletion of an unprefixed `atelier_session` the browser still holds (from before
 * the prefix, or planted): it is never read there, since accepting it would reopen what the
 * prefix closes, so it is only cleared away.
 */
function clearPlainSessionCookie(request: Request): string | undefined {
  if (!isSecure(request) || readCookie(request, plainSessionCookieName) === undefined) return undefined;
  return serverCookie(request, plainSessionCookieName, "", "/");
}

/** The account behind the request's session, as the server knows it (the page gets less). */
export type Account = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: SessionUser["role"];
};

export type SessionState = {
  account: Account | null;
  /** The cookie's token was checked and the API no longer accepts it. */
  ended: boolean;
  /** The API could not say who the token belongs to (it was unreachable); the shopper may be signed in. */
  unknown: boolean;
};

export const sessionContext = createContext<SessionState>({ account: null, ended: false, unknown: false });

/**
 * The shop shows an account the powers the API grants it: an admin who must still set up
 * two-factor authentication has a customer's until they do, so the Admin links stay hidden (My
 * Account asks them to enrol).
 */
export function toAccount(user: User): Account {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role === Role.ADMIN && !user.totpEnrolmentRequired ? "admin" : "customer",
  };
}

/** What the browser may know about the signed-in shopper. */
export function toSessionUser(account: Account): SessionUser {
  return { id: account.id, firstName: account.firstName, role: account.role };
}

export function sessionState(context: Readonly<RouterContextProvider>): SessionState {
  return context.get(sessionContext);
}

export function sessionAccount(context: Readonly<RouterContextProvider>): Account | null {
  return sessionState(context).account;
}

/**
 * Root middleware: the request's API client, carrying the session's token when there is one, and
 * the session's account. Deletes the cookie of a session the API has ended, unless the response
 * sets a new one (signing in again).
 */
export const sessionMiddleware: MiddlewareFunction<Response> = (args, next) =>
  sessionMiddlewareWith(createApi)(args, next);

/** The middleware with its API client maker passed in (tests pass a fake). */
export function sessionMiddlewareWith(
  create: (request: Request, opts?: { token?: string }) => Api,
): MiddlewareFunction<Response> {
  return async ({ request, context }, next) => {
    const token = readSessionToken(request);
    let client = create(request, { token });
    const state: SessionState = { account: null, ended: false, unknown: false };
    if (token) {
      try {
        const { user } = await client.auth.getMe({});
        if (user) state.account = toAccount(user);
      } catch (err) {
        if (err instanceof ConnectError && err.code === Code.Unauthenticated) {
          state.ended = true;
          client = create(request);
        } else {
          console.error("session: could not look up the signed-in shopper", err);
          state.unknown = true;
        }
      }
    }
    context.set(apiContext, client);
    context.set(sessionContext, state);
    const response = await next();
    const name = sessionCookieName(request);
    const staleCookie = state.ended || (readCookie(request, name) !== undefined && !token);
    const clear = [
      staleCookie && !setsCookie(response.headers, name) ? clearSessionCookie(request) : undefined,
      clearPlainSessionCookie(request),
    ].filter((c) => c !== undefined);
    if (clear.length === 0) return response;
    try {
      for (const c of clear) response.headers.append("Set-Cookie", c);
      return response;
    } catch {
      // A response with immutable headers (Response.redirect): answer with a copy.
      const copy = new Response(response.body, response);
      for (const c of clear) copy.headers.append("Set-Cookie", c);
      return copy;
    }
  };
}

/**
 * After the API signed a shopper in (login or register): the cookie that keeps the session, the
 * guest's cart folded into the account's cart, whose id then becomes the cart cookie, and the
 * guest's wishlist merged into the account's, whose cookie is then cleared. The two merges run
 * side by side. One that fails does not undo the sign-in: the guest cart stays the shopper's
 * cart, and the guest wishlist's cookie stays for the next sign-in.
 */
export async function startSession(
  api: Pick<Api, "cart" | "wishlist">,
  request: Request,
  session: Session,
): Promise<Headers> {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, session));
  const guestCartId = readCartId(request);
  const mergeCart = async () => {
    try {
      const { cart } = await api.cart.mergeCart(
        { guestCartId: guestCartId ?? "" },
        { headers: bearer(session.token) },
      );
      if (cart?.id && cart.id !== guestCartId) headers.append("Set-Cookie", cartCookie(request, cart.id));
    } catch (err) {
      console.error("session: merging the guest cart into the account failed", err);
    }
  };
  const [, clearWishlist] = await Promise.all([
    mergeCart(),
    mergeGuestWishlist(api, request, bearer(session.token)),
  ]);
  if (clearWishlist) headers.append("Set-Cookie", clearWishlist);
  return headers;
}

/** The headers that end the session in this browser: the session and the account's cart. */
export function endSessionHeaders(request: Request): Headers {
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(request));
  headers.append("Set-Cookie", cartCookie(request, ""));
  return headers;
}

/** The stable reason the API gave for refusing a call (its google.rpc.ErrorInfo), if any. */
export function errorReason(err: unknown): string | undefined {
  return errorInfo(err).reason;
}

/** For a throttled call (RESOURCE_EXHAUSTED): how many seconds the API asks us to wait, if it said. */
export function retryAfterSeconds(err: ConnectError): number | undefined {
  const raw = err.metadata.get("retry-after");
  if (!raw) return undefined;
  const seconds = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : (Date.parse(raw) - Date.now()) / 1000;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

/** "Too many attempts…" with the wait in words people use ("about 2 minutes"). */
export function throttledMessage(err: ConnectError, what: string): string {
  const seconds = retryAfterSeconds(err);
  if (seconds === undefined) return `Too many ${what}. Please wait a few minutes and try again.`;
  const wait =
    seconds < 60
      ? `${seconds} ${seconds === 1 ? "second" : "seconds"}`
      : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? "minute" : "minutes"}`;
  return `Too many ${what}. Please wait ${wait} and try again.`;
}

export function isCode(err: unknown, code: Code): err is ConnectError {
  return err instanceof ConnectError && err.code === code;
}
