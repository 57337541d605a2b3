import { z } from "zod";
import { type FormErrors, formErrors } from "~/lib/form-errors";
import { type EventType, isEventType } from "./api";

/** The fields of the endpoint forms, keyed like the request's fields. */
export type EndpointField = "url" | "description" | "event_types";
export type EndpointErrors = FormErrors<EndpointField>;

// Loopback hosts may be plain http: only a test's local receiver uses them, and the server
// refuses them anyway unless it was started to allow them (WEBHOOK_ALLOW_LOOPBACK).
const loopback = new Set(["127.0.0.1", "[::1]", "localhost"]);

const url = z
  .string()
  .trim()
  .min(1, "Give the URL the shop should send events to.")
  .max(2048, "Use at most 2048 characters.")
  .superRefine((value, ctx) => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      ctx.addIssue({
        code: "custom",
        message: "Give a whole URL, such as https://partner.example/webhooks.",
      });
      return;
    }
    if (parsed.protocol === "https:") return;
    if (parsed.protocol === "http:" && loopback.has(parsed.hostname)) return;
    ctx.addIssue({ code: "custom", message: "Use an https:// URL: events are only sent over HTTPS." });
  });

/** endpointSchema checks an endpoint before it is sent; the API checks it again (and has the last word). */
export const endpointSchema = z.object({
  url,
  description: z.string().trim().max(500, "Use at most 500 characters."),
  event_types: z
    .array(z.string().refine(isEventType, "Choose event types from the list."))
    .min(1, "Choose at least one event type.")
    .max(11),
});

/** EndpointValues is a checked endpoint, as the API's request takes it. */
export type EndpointValues = { url: string; description: string; event_types: EventType[] };

// Messages by field: zod's and the API's (with the refusal reasons that are about one field).
export const { errorsOf, apiErrorsOf } = formErrors<EndpointField>(["url", "description", "event_types"], {
  webhook_url_not_allowed: "url",
  url_required: "url",
  url_too_long: "url",
  description_too_long: "description",
  event_types_required: "event_types",
  unknown_event_type: "event_types",
});

/** parseEndpoint checks the form's values: the values to send, or the errors by field. */
export function parseEndpoint(
  values: EndpointValues,
): { ok: true; values: EndpointValues } | { ok: false; errors: EndpointErrors } {
  const parsed = endpointSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
  return { ok: true, values: { ...parsed.data, event_types: parsed.data.event_types.filter(isEventType) } };
}
