// The orders feature's server state: the list and one order through TanStack Query, and the
// admin's moves on an order (process, ship, deliver, cancel, refund) as mutations.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import type { operations } from "~/lib/api/schema.gen";
import type { AdminOrder, ListOrdersQuery } from "./order-model";

/** The cache keys: everything under "orders", so one invalidation refreshes list and detail. */
export const orderKeys = {
  all: ["orders"] as const,
  list: (query: ListOrdersQuery) => ["orders", "list", query] as const,
  detail: (id: string) => ["orders", "detail", id] as const,
};

/** useOrders loads one page of the list; the previous page stays on screen while the next loads. */
export function useOrders(query: ListOrdersQuery) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.list(query),
    queryFn: () => unwrap(api.GET("/api/v1/admin/orders", { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** useOrder loads one order with its refunds and timeline. */
export function useOrder(orderId: string) {
  const api = useApi();
  return useQuery({
    queryKey: orderKeys.detail(orderId),
    queryFn: async () => {
      const res = await unwrap(
        api.GET("/api/v1/admin/orders/{order_id}", { params: { path: { order_id: orderId } } }),
      );
      return res.order ?? {};
    },
  });
}

/** The JSON body an operation takes, less the order id (it travels in the path). */
type MoveBody<Op extends keyof operations> = operations[Op]["requestBody"] extends {
  content: { "application/json": infer Body };
}
  ? Omit<Body, "order_id">
  : never;

/** OrderMove is one of the admin's moves with what it sends (the order id travels in the path). */
export type OrderMove =
  | { kind: "process"; body: MoveBody<"AdminOrderService_ProcessOrder"> }
  | { kind: "ship"; body: MoveBody<"AdminOrderService_ShipOrder"> }
  | { kind: "deliver"; body: MoveBody<"AdminOrderService_DeliverOrder"> }
  | { kind: "cancel"; body: MoveBody<"AdminOrderService_CancelOrder"> }
  | { kind: "refund"; body: MoveBody<"AdminOrderService_RefundOrder"> };

/**
 * useOrderMove sends a move and, when it is done, puts the order as the API answered it in the
 * cache and refreshes the rest (the list, and the order itself once more for its timeline).
 */
export function useOrderMove(orderId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (move: OrderMove): Promise<AdminOrder | undefined> => {
      const path = { order_id: orderId };
      // The body is built in each case, where the move's kind narrows its type.
      switch (move.kind) {
        case "process":
          return (
            await unwrap(
              api.POST("/api/v1/admin/orders/{order_id}/process", {
                params: { path },
                body: { ...move.body, order_id: orderId },
              }),
            )
          ).order;
        case "ship":
          return (
            await unwrap(
              api.POST("/api/v1/admin/orders/{order_id}/ship", {
                params: { path },
                body: { ...move.body, order_id: orderId },
              }),
            )
          ).order;
        case "deliver":
          return (
            await unwrap(
              api.POST("/api/v1/admin/orders/{order_id}/deliver", {
                params: { path },
                body: { ...move.body, order_id: orderId },
              }),
            )
          ).order;
        case "cancel":
          return (
            await unwrap(
              api.POST("/api/v1/admin/orders/{order_id}/cancel", {
                params: { path },
                body: { ...move.body, order_id: orderId },
              }),
            )
          ).order;
        case "refund":
          return (
            await unwrap(
              api.POST("/api/v1/admin/orders/{order_id}/refunds", {
                params: { path },
                body: { ...move.body, order_id: orderId },
              }),
            )
          ).order;
      }
    },
    onSuccess: async (order) => {
      if (order) queryClient.setQueryData(orderKeys.detail(orderId), order);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
