// The per-request API client. Loaders and actions reach the Atelier API only through the
// Connect-ES clients generated from proto/, created for each request in the root middleware and
// kept in the router context (Hydrogen's pattern), so a request id and the shopper's session
// (Authorization: Bearer, from the HttpOnly session cookie) travel with every call.
import { toBinary } from "@bufbuild/protobuf";
import { MethodOptions_IdempotencyLevel } from "@bufbuild/protobuf/wkt";
import {
  type Client,
  createClient,
  type Interceptor,
  type UnaryRequest,
  type UnaryResponse,
} from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { createContext, type RouterContextProvider } from "react-router";
import { AuthService } from "~/gen/atelier/store/v1/auth_service_pb";
import { CartService } from "~/gen/atelier/store/v1/cart_service_pb";
import { CatalogService } from "~/gen/atelier/store/v1/catalog_service_pb";
import { CheckoutService } from "~/gen/atelier/store/v1/checkout_service_pb";
import { ContactService } from "~/gen/atelier/store/v1/contact_service_pb";
import { ContentService } from "~/gen/atelier/store/v1/content_service_pb";
import { NewsletterService } from "~/gen/atelier/store/v1/newsletter_service_pb";
import { OrderService } from "~/gen/atelier/store/v1/order_service_pb";
import { TestPaymentService } from "~/gen/atelier/store/v1/payment_service_pb";
import { SettingsService } from "~/gen/atelier/store/v1/settings_service_pb";
import { ShippingService } from "~/gen/atelier/store/v1/shipping_service_pb";
import { StatusService } from "~/gen/atelier/store/v1/status_service_pb";
import { WishlistService } from "~/gen/atelier/store/v1/wishlist_service_pb";
import { config } from "./config.server";

export type Api = {
  auth: Client<typeof AuthService>;
  catalog: Client<typeof CatalogService>;
  cart: Client<typeof CartService>;
  content: Client<typeof ContentService>;
  settings: Client<typeof SettingsService>;
  shipping: Client<typeof ShippingService>;
  newsletter: Client<typeof NewsletterService>;
  contact: Client<typeof ContactService>;
  status: Client<typeof StatusService>;
  wishlist: Client<typeof WishlistService>;
  checkout: Client<typeof CheckoutService>;
  orders: Client<typeof OrderService>;
  testPayments: Client<typeof TestPaymentService>;
};

/** "atelier.store.v1.CatalogService/ListCategories": the call's procedure. */
function procedureOf(req: UnaryRequest): string {
  return `${req.method.parent.typeName}/${req.method.name}`;
}

/** The call's procedure and its request's bytes: the same key for the same read. */
function readKey(req: UnaryRequest): string {
  return `${procedureOf(req)}/${Buffer.from(toBinary(req.method.input, req.message)).toString("base64")}`;
}

/** sharedReads' bound on remembered answers. */
const maxSharedAnswers = 64;

/**
 * Reads the contract marks NO_SIDE_EFFECTS are answered once per storefront request: the root
 * loader and a page's loader often ask for the same thing (categories, store settings, the cart).
 * Any other call may change what was read, so it forgets every remembered answer; a failed read is
 * not remembered either.
 */
export function memoizeReads(): Interceptor {
  const answers = new Map<string, Promise<UnaryResponse>>();
  return (next) => (req) => {
    if (req.stream) return next(req);
    if (req.method.idempotency !== MethodOptions_IdempotencyLevel.NO_SIDE_EFFECTS) {
      answers.clear();
      return next(req);
    }
    const key = readKey(req);
    let answer = answers.get(key);
    if (!answer) {
      answer = next(req) as Promise<UnaryResponse>;
      answers.set(key, answer);
      answer.catch(() => answers.delete(key));
    }
    return answer;
  };
}

/**
 * The shop-wide reads every page's header and footer make — the categories, the store's details,
 * the delivery options behind the announcement — answered from this process for a few seconds
 * instead of once per page: they are the same for every shopper, and on an anonymous product page
 * they were three of its five API calls. A change in the back office shows within `ttlMs` (the
 * pages themselves may be kept 60 s by a shared cache). Only calls without credentials share: a
 * signed-in shopper's go to the API. A failed read is not kept.
 */
export function sharedReads(procedures: ReadonlySet<string>, ttlMs: number, now = Date.now): Interceptor {
  const answers = new Map<string, { until: number; answer: Promise<UnaryResponse> }>();
  return (next) => (req) => {
    if (req.stream || !procedures.has(procedureOf(req)) || req.header.has("authorization")) return next(req);
    const key = readKey(req);
    const kept = answers.get(key);
    if (kept && kept.until > now()) return kept.answer;
    // The reads take (nearly) no parameters, so the keys are few; should a caller vary them, the
    // map still never outgrows a bound.
    if (answers.size >= maxSharedAnswers) answers.clear();
    const answer = next(req) as Promise<UnaryResponse>;
    const entry = { until: now() + ttlMs, answer };
    answers.set(key, entry);
    answer.catch(() => {
      if (answers.get(key) === entry) answers.delete(key);
    });
    return answer;
  };
}

/** The reads sharedReads keeps, and for how long. */
const shopWideReads = sharedReads(
  new Set([
    `${CatalogService.typeName}/${CatalogService.method.listCategories.name}`,
    `${SettingsService.typeName}/${SettingsService.method.getStoreSettings.name}`,
    `${ShippingService.typeName}/${ShippingService.method.listDeliveryOptions.name}`,
  ]),
  5_000,
);

/** Upper bound for one API call, so a stuck backend cannot hang a page render. */
const callTimeoutMs = 10_000;

/** The Authorization header value for a session token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/**
 * The API client for one storefront request. With a session `token` every call carries it as a
 * bearer token, unless the call names its own (signing in sends the new session's token).
 */
export function createApi(request: Request, opts: { baseUrl?: string; token?: string } = {}): Api {
  const requestId = request.headers.get("x-request-id");
  // The shopper's address as the proxy in front of the storefront saw it: the API (which trusts
  // this server, TRUSTED_PROXIES) reads it from the right to throttle sign-ins per shopper rather
  // than per storefront.
  const forwardedFor = request.headers.get("x-forwarded-for");
  const { token, baseUrl = config.apiUrl } = opts;
  const forward: Interceptor = (next) => (req) => {
    if (requestId) req.header.set("x-request-id", requestId);
    if (forwardedFor) req.header.set("x-forwarded-for", forwardedFor);
    if (token && !req.header.has("authorization")) req.header.set("authorization", `Bearer ${token}`);
    return next(req);
  };
  const transport = createConnectTransport({
    baseUrl,
    httpVersion: "1.1",
    useBinaryFormat: true,
    defaultTimeoutMs: callTimeoutMs,
    // Without a session the shop-wide reads are shared across requests; with one, remembered
    // within the request only.
    interceptors: token ? [memoizeReads(), forward] : [shopWideReads, memoizeReads(), forward],
  });
  return {
    auth: createClient(AuthService, transport),
    catalog: createClient(CatalogService, transport),
    cart: createClient(CartService, transport),
    content: createClient(ContentService, transport),
    settings: createClient(SettingsService, transport),
    shipping: createClient(ShippingService, transport),
    newsletter: createClient(NewsletterService, transport),
    contact: createClient(ContactService, transport),
    status: createClient(StatusService, transport),
    wishlist: createClient(WishlistService, transport),
    checkout: createClient(CheckoutService, transport),
    orders: createClient(OrderService, transport),
    testPayments: createClient(TestPaymentService, transport),
  };
}

/** The request's API client, set by the root middleware (`sessionMiddleware`). */
export const apiContext = createContext<Api>();

export function api(context: Readonly<RouterContextProvider>): Api {
  return context.get(apiContext);
}
