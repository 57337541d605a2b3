import { flushSync } from "react-dom";
import type { z } from "zod";

/** errorsOf keeps a zod failure's first message per field, keyed like the request's fields. */
export function errorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * showErrors puts a refused form's errors on its fields at once and moves the focus to the first
 * field in error, so that a keyboard or screen-reader user lands on what to fix.
 */
export function showErrors(
  form: HTMLFormElement,
  setErrors: (errors: Record<string, string>) => void,
  errors: Record<string, string>,
) {
  flushSync(() => setErrors(errors));
  form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
