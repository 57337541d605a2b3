import { z } from "zod";
import { ApiError } from "~/lib/api/errors";
import { type EventType, isEventType } from "./api";

/** The fields of the endpoint forms, keyed like the request's fields. */
export type EndpointField = "url" | "description" | "event_types";
export type EndpointErrors = Partial<Record<EndpointField | "form", string>>;

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

/** parseEndpoint checks the form's values: the values to send, or the errors by field. */
export function parseEndpoint(
  values: EndpointValues,
): { ok: true; values: EndpointValues } | { ok: false; errors: EndpointErrors } {
  const parsed = endpointSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
  return { ok: true, values: { ...parsed.data, event_types: parsed.data.event_types.filter(isEventType) } };
}

function fieldOf(path: string): EndpointField | "form" {
  // Violations name items ("event_types[2]").
  const head = path.split(/[.[]/)[0] ?? "";
  return head === "url" || head === "description" || head === "event_types" ? head : "form";
}

/** errorsOf keeps a zod failure's first message per field. */
export function errorsOf(error: z.ZodError): EndpointErrors {
  const out: EndpointErrors = {};
  for (const issue of error.issues) {
    const key = fieldOf(String(issue.path[0] ?? "form"));
    out[key] ??= issue.message;
  }
  return out;
}

// The reasons that are about one field, for a refusal that came without a field violation.
const reasonFields: Record<string, EndpointField> = {
  webhook_url_not_allowed: "url",
  url_required: "url",
  url_too_long: "url",
  description_too_long: "description",
  event_types_required: "event_types",
  unknown_event_type: "event_types",
};

/**
 * apiErrorsOf places an API refusal on the form's fields (by its field violations, or by its
 * reason); what belongs to no field is the form's.
 */
export function apiErrorsOf(err: unknown): EndpointErrors {
  if (!(err instanceof ApiError)) return { form: err instanceof Error ? err.message : String(err) };
  const out: EndpointErrors = {};
  for (const [field, message] of Object.entries(err.fields)) {
    const key = fieldOf(field);
    out[key] ??= message;
  }
  const byReason = reasonFields[err.reason];
  if (byReason && !out[byReason]) out[byReason] = err.message;
  if (Object.keys(out).length === 0) out.form = err.message;
  return out;
}
