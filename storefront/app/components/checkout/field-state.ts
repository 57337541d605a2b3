// Which fields a checkout problem concerns, and what each of them says about it.
import { type CheckoutField, type CheckoutProblem, checkoutText, isCardField } from "~/lib/models/checkout";

/** A checkout field's part in the form's problem (the props the shared Field takes for it). */
export type FieldState = {
  /** The field is part of the problem the form's error describes. */
  invalid?: boolean;
  /** The words shown beneath this field ("First name is required."); null to show none. */
  error?: string | null;
  /** The id of the form's error, read out with the field when it has no words of its own. */
  errorId?: string;
  /** Focused when the page loads (a refused form shown again without JavaScript). */
  autoFocus?: boolean;
};

/** How the checkout draws the shared TextField: its error with a mark, optional fields said so. */
export const checkoutField = {
  className: "checkout-field",
  errorClassName: "checkout-field__note",
  markOptional: true,
  maxLength: 200,
} as const;

/** The id of the checkout's one error message, under the card field. */
export const checkoutErrorId = "checkout-error";

export type FieldStates = (field: CheckoutField, label: string) => FieldState;

/**
 * For each field: whether it is in error, and its own note — "{Label} is required." for a missing
 * field, the message itself when the problem is about that field alone. Card fields sit right
 * above the error, so they point to it rather than repeat it. The first field in error is focused
 * when a refused form is shown again without JavaScript (`autoFocusFirst`).
 */
export function fieldStates(
  problem: CheckoutProblem | null,
  opts: { autoFocusFirst?: boolean } = {},
): FieldStates {
  const first = problem?.fields[0];
  return (field, label) => {
    if (!problem?.fields.includes(field)) return {};
    let note: string | null = null;
    if (problem.message === checkoutText.requiredFields) note = `${label} is required.`;
    else if (!isCardField(field) && problem.fields.length === 1) note = problem.message;
    return {
      invalid: true,
      error: note,
      errorId: checkoutErrorId,
      autoFocus: opts.autoFocusFirst && field === first,
    };
  };
}
