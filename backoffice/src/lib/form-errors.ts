import type { z } from "zod";
import { ApiError } from "./api/errors";

/** A form's messages: at most one per field it shows, and "form" for what belongs to none. */
export type FormErrors<F extends string> = Partial<Record<F | "form", string>>;

/**
 * formErrors places messages on a form's fields. `fields` are the fields the form shows; `reasons`
 * are the API's refusal reasons that are about one field, for a refusal that came without a field
 * violation. A violation's path may name an item ("scopes[2]") or a nested field
 * ("allowed_origins.origins[0]"): the field is its head.
 */
export function formErrors<F extends string>(fields: readonly F[], reasons: Readonly<Record<string, F>>) {
  const known: readonly string[] = fields;
  const fieldOf = (path: string): F | "form" => {
    const head = path.split(/[.[]/)[0] ?? "";
    return known.includes(head) ? (head as F) : "form";
  };
  return {
    /** errorsOf keeps a zod failure's first message per field. */
    errorsOf(error: z.ZodError): FormErrors<F> {
      const out: FormErrors<F> = {};
      for (const issue of error.issues) {
        out[fieldOf(String(issue.path[0] ?? "form"))] ??= issue.message;
      }
      return out;
    },
    /**
     * apiErrorsOf places an API refusal on the form's fields (by its field violations, or by its
     * reason); what belongs to no field is the form's.
     */
    apiErrorsOf(err: unknown): FormErrors<F> {
      const out: FormErrors<F> = {};
      if (!(err instanceof ApiError)) {
        out.form = err instanceof Error ? err.message : String(err);
        return out;
      }
      for (const [field, message] of Object.entries(err.fields)) {
        out[fieldOf(field)] ??= message;
      }
      const byReason = reasons[err.reason];
      if (byReason && !out[byReason]) out[byReason] = err.message;
      if (Object.keys(out).length === 0) out.form = err.message;
      return out;
    },
  };
}
