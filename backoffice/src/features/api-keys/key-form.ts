import { z } from "zod";
import { type FormErrors, formErrors } from "~/lib/form-errors";

/** The fields of the key forms, keyed like the request's fields. */
export type KeyField = "name" | "kind" | "scopes" | "allowed_origins";
export type KeyErrors = FormErrors<KeyField>;

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

// Messages by field: zod's and the API's (with the refusal reasons that are about one field).
export const { errorsOf, apiErrorsOf } = formErrors<KeyField>(["name", "kind", "scopes", "allowed_origins"], {
  invalid_name: "name",
  invalid_kind: "kind",
  scopes_required: "scopes",
  scope_not_publishable: "scopes",
  unknown_scope: "scopes",
  origins_required: "allowed_origins",
  origins_not_allowed: "allowed_origins",
  invalid_origin: "allowed_origins",
});
