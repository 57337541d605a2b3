import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import type { components } from "~/lib/api/schema.gen";

export type Endpoint = components["schemas"]["atelier.admin.v1.WebhookEndpoint"];
export type Delivery = components["schemas"]["atelier.admin.v1.WebhookDelivery"];
export type DeliveryStatus = components["schemas"]["atelier.admin.v1.WebhookDeliveryStatus"];

/** The event types an endpoint may receive, grouped as the form offers them, each with what it means. */
export const eventTypeGroups = [
  {
    label: "Orders",
    all: "All order events",
    types: [
      { type: "order.created", hint: "A shopper placed an order (before payment)." },
      { type: "order.paid", hint: "An order's payment succeeded." },
      { type: "order.payment_failed", hint: "An order's payment was declined or failed." },
      { type: "order.shipped", hint: "An order was handed to the carrier." },
      { type: "order.delivered", hint: "An order reached the shopper." },
      { type: "order.cancelled", hint: "An order was cancelled." },
      { type: "order.refunded", hint: "An order was refunded, in part or in full." },
    ],
  },
  {
    label: "Products",
    all: "All product events",
    types: [
      { type: "product.created", hint: "A product was added to the catalogue." },
      { type: "product.updated", hint: "A product's details, price or stock changed." },
      { type: "product.archived", hint: "A product was taken out of the catalogue." },
    ],
  },
  {
    label: "Stock",
    all: "",
    types: [{ type: "stock.low", hint: "A product's stock fell to its low-stock threshold." }],
  },
] as const;

export type EventType = (typeof eventTypeGroups)[number]["types"][number]["type"];

/** Every event type, in the API's order. */
export const eventTypes: EventType[] = eventTypeGroups.flatMap((g) => g.types.map((t) => t.type));

export function isEventType(s: string): s is EventType {
  return (eventTypes as string[]).includes(s);
}

/** The page size of the delivery log. */
export const deliveryPageSize = 20;

export const webhookKeys = {
  all: ["webhooks"] as const,
  list: ["webhooks", "list"] as const,
  endpoint: (id: string) => ["webhooks", "endpoint", id] as const,
  deliveries: (id: string, token: string) => ["webhooks", "deliveries", id, token] as const,
};

/** useEndpoints reads every endpoint (a shop has at most 50), newest first. */
export function useEndpoints() {
  const api = useApi();
  return useQuery({
    queryKey: webhookKeys.list,
    queryFn: () => unwrap(api.GET("/api/v1/admin/webhook-endpoints")),
  });
}

/** useEndpoint reads one endpoint. */
export function useEndpoint(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: webhookKeys.endpoint(id),
    queryFn: async () => {
      const res = await unwrap(
        api.GET("/api/v1/admin/webhook-endpoints/{endpoint_id}", { params: { path: { endpoint_id: id } } }),
      );
      return res.endpoint ?? {};
    },
  });
}

/** useDeliveries reads one page of an endpoint's delivery log, newest first. */
export function useDeliveries(id: string, token: string) {
  const api = useApi();
  return useQuery({
    queryKey: webhookKeys.deliveries(id, token),
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        api.GET("/api/v1/admin/webhook-endpoints/{endpoint_id}/deliveries", {
          params: {
            path: { endpoint_id: id },
            query: { page_size: deliveryPageSize, ...(token ? { page_token: token } : {}) },
          },
        }),
      ),
  });
}

type Tone = "neutral" | "good" | "warning" | "bad" | "info";

/** statusOf is a delivery's status in words, with its badge's tone. */
export function statusOf(status: DeliveryStatus | undefined): { label: string; tone: Tone } {
  switch (status) {
    case "WEBHOOK_DELIVERY_STATUS_SUCCEEDED":
      return { label: "Succeeded", tone: "good" };
    case "WEBHOOK_DELIVERY_STATUS_FAILED":
      return { label: "Failed", tone: "bad" };
    case "WEBHOOK_DELIVERY_STATUS_RETRYING":
      return { label: "Retrying", tone: "warning" };
    case "WEBHOOK_DELIVERY_STATUS_PENDING":
      return { label: "Pending", tone: "info" };
    case "WEBHOOK_DELIVERY_STATUS_SKIPPED":
      return { label: "Skipped", tone: "neutral" };
    default:
      return { label: "Unknown", tone: "neutral" };
  }
}
