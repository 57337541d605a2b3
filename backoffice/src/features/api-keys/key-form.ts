import { z } from "zod";
import { ApiError } from "~/lib/api/errors";

/** The fields of the key forms, keyed like the request's fields. */
export type KeyField = "name" | "kind" | "scopes" | "allowed_origins";
export type KeyErrors = Partial<Record<KeyField | "form", string>>;

// What browsers send in an Origin header: a scheme and a host (with a port), nothing after.
const originPattern = /^https?:\/\/[^/\s?#@]+\/?$/i;

/** parseOrigins reads a textarea of origins, one a line, blank lines and repeats left out. */
export function parseOrigins(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const o = line.trim();
    if (o && !out.includes(o)) out.push(o);
  }
  return out;
}

const name = z
  .string()
  .trim()
  .min(1, "Name the key, e.g. after the partner or the job it does.")
  .max(100, "Use at most 100 characters.");

const origins = z
  .array(z.string())
  .max(20, "Name at most 20 origins.")
  .superRefine((list, ctx) => {
    const bad = list.find((o) => !originPattern.test(o));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `“${bad}” is not an origin: give the scheme and host only, such as https://partner.example.`,
      });
    }
  });

/** newKeySchema checks a new key before it is sent; the API checks it again (and has the last word). */
export const newKeySchema = z
  .object({
    name,
    kind: z.enum(["API_KEY_KIND_SECRET", "API_KEY_KIND_PUBLISHABLE"], {
      error: "Choose where the key will be used.",
    }),
    scopes: z.array(z.string()).min(1, "Choose at least one scope.").max(20),
    allowed_origins: origins,
  })
  .superRefine((key, ctx) => {
    if (key.kind === "API_KEY_KIND_PUBLISHABLE" && key.allowed_origins.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["allowed_origins"],
        message: "Name at least one origin (such as https://partner.example) where the key will be used.",
      });
    }
  });

/** editKeySchema checks a rename, and a publishable key's new origins. */
export const editKeySchema = z.object({ name, allowed_origins: origins });

/** errorsOf keeps a zod failure's first message per field. */
export function errorsOf(error: z.ZodError): KeyErrors {
  const out: KeyErrors = {};
  for (const issue of error.issues) {
    const key = fieldOf(String(issue.path[0] ?? "form"));
    out[key] ??= issue.message;
  }
  return out;
}

// The reasons that are about one field, for a refusal that came without a field violation.
const reasonFields: Record<string, KeyField> = {
  invalid_name: "name",
  invalid_kind: "kind",
  scopes_required: "scopes",
  scope_not_publishable: "scopes",
  unknown_scope: "scopes",
  origins_required: "allowed_origins",
  origins_not_allowed: "allowed_origins",
  invalid_origin: "allowed_origins",
};

function fieldOf(path: string): KeyField | "form" {
  // Violations name items ("scopes[2]") and nested fields ("allowed_origins.origins[0]").
  const head = path.split(/[.[]/)[0] ?? "";
  return head === "name" || head === "kind" || head === "scopes" || head === "allowed_origins"
    ? head
    : "form";
}

/**
 * apiErrorsOf places an API refusal on the form's fields (by its field violations, or by its
 * reason); what belongs to no field is the form's.
 */
export function apiErrorsOf(err: unknown): KeyErrors {
  if (!(err instanceof ApiError)) return { form: err instanceof Error ? err.message : String(err) };
  const out: KeyErrors = {};
  for (const [field, message] of Object.entries(err.fields)) {
    const key = fieldOf(field);
    out[key] ??= message;
  }
  const byReason = reasonFields[err.reason];
  if (byReason && !out[byReason]) out[byReason] = err.message;
  if (Object.keys(out).length === 0) out.form = err.message;
  return out;
}
