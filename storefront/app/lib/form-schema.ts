// Forms on schemas: each form is one zod schema, checked by the page once hydrated (before it
// sends) and again by its route action (which is all there is without JavaScript), so the two can
// never drift apart. A schema's field names are the posted names ("shippingAddress.postcode");
// where a form feeds an API request they are the request's generated (camelCase) field names, so
// a refusal naming a request field by its proto name is put on the form field without a map.
import type { DescField, DescMessage } from "@bufbuild/protobuf";
import { z } from "~/lib/zod";
import { fieldViolations } from "./error-info";

/** What a refused form says: the first problem's message and every field it concerns. */
export type FormProblem<Field extends string = string> = { message: string; fields: Field[] };

/** The posted text fields as nested objects ("a.b" → { a: { b } }); each name's first value. */
export type FormInput = { [name: string]: string | FormInput };

export type FormResult<Values, Field extends string = string> =
  | { ok: true; values: Values }
  | {
      ok: false;
      problem: FormProblem<Field>;
      /** Each field in error with its own (first) message. */
      errors: Partial<Record<Field, string>>;
      /** The posted text as it was read, trimmed: what a refused form is shown again with. */
      input: FormInput;
    };

/**
 * A posted text field: "" when absent (a browser leaves out empty fields it does not send), trimmed
 * unless `trim: false` (spaces belong to passwords). `rules` are the field's own checks.
 */
export function text(rules: z.ZodString = z.string(), { trim = true }: { trim?: boolean } = {}) {
  return z.preprocess((value) => (typeof value === "string" ? (trim ? value.trim() : value) : ""), rules);
}

/** A checkbox: ticked when posted (browsers leave unticked boxes out). */
export function checkbox() {
  return z.preprocess((value) => value === "on" || value === true, z.boolean());
}

/** A required field: its issue is a "missing" one (see `formProblem`). */
export function required(message: string, rules: z.ZodString = z.string()) {
  return rules.min(1, message);
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === "too_small" && issue.origin === "string" && Number(issue.minimum) === 1;
}

function pathOf(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join(".");
}

/**
 * The problem a refused form reports: all the missing fields at once when any is missing (they
 * share one message, "All fields are required"), else the first issue and its field.
 */
export function formProblem<Field extends string>(issues: readonly z.core.$ZodIssue[]): FormProblem<Field> {
  const missing = issues.filter(isMissing);
  if (missing.length > 0) {
    const message = missing[0]?.message ?? "";
    return { message, fields: missing.filter((i) => i.message === message).map((i) => pathOf(i) as Field) };
  }
  const first = issues[0];
  return {
    message: first?.message ?? "",
    fields: first && first.path.length > 0 ? [pathOf(first) as Field] : [],
  };
}

/** The posted form's text fields, nested by their dotted names and trimmed (files are left out). */
export function formInput(form: FormData): FormInput {
  const input: FormInput = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    const parts = name.split(".");
    let node = input;
    for (const part of parts.slice(0, -1)) {
      let next = node[part];
      if (typeof next !== "object") {
        next = {};
        node[part] = next;
      }
      node = next;
    }
    const leaf = parts[parts.length - 1] ?? name;
    if (!(leaf in node)) node[leaf] = value;
  }
  return input;
}

function trimmed(input: FormInput): FormInput {
  return Object.fromEntries(
    Object.entries(input).map(([k, v]) => [k, typeof v === "string" ? v.trim() : trimmed(v)]),
  );
}

/** One string of a form's input by its dotted name ("" when absent). */
export function inputText(input: FormInput | undefined, name: string): string {
  let node: string | FormInput | undefined = input;
  for (const part of name.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : "";
}

/** Checks a posted form against its schema: its values, or the problem and each field's error. */
export function parseForm<Schema extends z.ZodType, Field extends string = string>(
  schema: Schema,
  form: FormData,
): FormResult<z.output<Schema>, Field> {
  const input = formInput(form);
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, values: result.data };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = pathOf(issue) as Field;
    if (!(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, problem: formProblem<Field>(result.error.issues), errors, input: trimmed(input) };
}

/**
 * The form field a request field names, from the generated message: the proto path
 * ("shipping_address.address_line1") becomes the generated names' path
 * ("shippingAddress.addressLine1"); null when the request has no such field.
 */
export function formFieldOf(request: DescMessage, protoPath: string): string | null {
  const names: string[] = [];
  let message: DescMessage | undefined = request;
  for (const part of protoPath.split(".")) {
    const field: DescField | undefined = message?.fields.find((f) => f.name === part);
    if (!field) return null;
    names.push(field.localName);
    message = field.fieldKind === "message" ? field.message : undefined;
  }
  return names.join(".");
}

/**
 * The API's refusal of `request` as a form problem: its message (or `fallback`) on the form fields
 * its field violations name, where the form has them (`fields`).
 */
export function apiFormProblem<Field extends string>(
  err: unknown,
  request: DescMessage,
  fields: readonly Field[],
  message: string,
): FormProblem<Field> {
  const named = fieldViolations(err)
    .map((v) => formFieldOf(request, v.field))
    .filter((f): f is Field => f !== null && (fields as readonly string[]).includes(f));
  return { message, fields: [...new Set(named)] };
}

/** A form's check in the page, before it is sent: its problem, or null when it may be sent. */
export function formCheck<Field extends string = string>(
  schema: z.ZodType,
): (form: FormData) => FormProblem<Field> | null {
  return (form) => {
    const result = parseForm<z.ZodType, Field>(schema, form);
    return result.ok ? null : result.problem;
  };
}
