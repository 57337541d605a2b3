import { type HTMLAttributes, type ReactNode, useId } from "react";

export type FieldState = {
  /** The field is part of the problem the form's error describes. */
  invalid?: boolean;
  /** The words shown beneath this field ("First name is required."); null to show none. */
  note?: string | null;
  /** The id of the form's error, read out with the field when it has no note of its own. */
  errorId?: string;
  /** Focused when the page loads (a refused form shown again without JavaScript). */
  autoFocus?: boolean;
};

type Props = FieldState & {
  name: string;
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  defaultValue?: string;
  required?: boolean;
  readOnly?: boolean;
  maxLength?: number;
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
};

/**
 * One labelled field of the checkout form, in the account forms' style. Optional fields say so in
 * their label; a field in error is marked (not by colour alone: its note says what is wrong).
 */
export function CheckoutInput({
  name,
  label,
  type = "text",
  autoComplete,
  inputMode,
  defaultValue,
  required = true,
  readOnly,
  maxLength = 200,
  placeholder,
  hint,
  className = "",
  invalid,
  note,
  errorId,
  autoFocus,
}: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const noteId = `${id}-note`;
  const describedBy =
    [hint ? hintId : null, invalid && note ? noteId : null, invalid && !note && errorId ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field checkout-field${invalid ? " field--invalid" : ""} ${className}`.trim()}>
      <label htmlFor={id}>
        {label}
        {!required && <span className="checkout-field__optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        defaultValue={defaultValue}
        required={required}
        readOnly={readOnly}
        maxLength={maxLength}
        placeholder={placeholder}
        spellCheck={type === "email" || inputMode === "numeric" ? false : undefined}
        autoCapitalize={type === "email" ? "none" : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoFocus={autoFocus}
      />
      {hint && (
        <p id={hintId} className="field-hint muted">
          {hint}
        </p>
      )}
      {invalid && note && (
        <p id={noteId} className="field-error checkout-field__note">
          {note}
        </p>
      )}
    </div>
  );
}
