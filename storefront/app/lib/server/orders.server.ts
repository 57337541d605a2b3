// Reading orders for the payment success and order pages. An order answers to the customer who
// placed it (their session) and to whoever holds its access token (guests: the orders cookie, or
// the link in the confirmation e-mail); to anyone else the API says NotFound, and so do we — the
// 404 page, never a hint that the order exists.
import { Code, ConnectError } from "@connectrpc/connect";
import { data } from "react-router";
import type { Order } from "~/gen/atelier/store/v1/order_pb";
import { orderIdPattern } from "~/lib/models/orders";
import type { Api } from "./api.server";
import { rememberedOrderToken } from "./order-access.server";

export type OrdersApi = Pick<Api, "orders">;

export function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * The order `orderId`, opened with `token` when given, else with the token this browser holds for
 * it (if any) and the session. Throws the 404 response for an unknown or inaccessible order.
 */
export async function loadOrder(
  client: OrdersApi,
  request: Request,
  orderId: string,
  token?: string,
): Promise<Order> {
  if (!orderIdPattern.test(orderId)) notFound();
  try {
    const { order } = await client.orders.getOrder({
      orderId,
      accessToken: token ?? rememberedOrderToken(request, orderId) ?? "",
    });
    if (!order) notFound();
    return order;
  } catch (err) {
    // NotFound, and a token the API refuses to read (malformed): the same 404.
    if (
      err instanceof ConnectError &&
      (err.code === Code.NotFound || err.code === Code.InvalidArgument || err.code === Code.PermissionDenied)
    )
      notFound();
    throw err;
  }
}
