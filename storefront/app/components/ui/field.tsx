// One labelled form field, the way every form of the shop draws it: the label, the control (an
// input, a text area or whatever the slot renders), a standing hint, and the field's own error
// beneath it. A field in error is marked with aria-invalid (and not by colour alone: its error
// says what is wrong), and aria-describedby names its hint and its error — or, when it has no
// error of its own, the form's message that concerns it (`errorId`).
import { type HTMLAttributes, type ReactNode, useId } from "react";

/** What the slot's control gets: its id and the ARIA attributes that tie it to the field. */
export type FieldControl = {
  id: string;
  required: boolean;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

export type FieldProps = {
  label: ReactNode;
  /** A standing hint beneath the control ("At least 8 characters."). */
  hint?: ReactNode;
  /** The field is part of the problem the form describes. */
  invalid?: boolean;
  /** The field's own error message, shown beneath it (implies `invalid`). */
  error?: string | null;
  /** The id of the form's message, read out with the field when it is invalid without its own error. */
  errorId?: string;
  /** Whether the field must be filled in (default true). */
  required?: boolean;
  /** Says "(optional)" in the label of a field that is not required. */
  markOptional?: boolean;
  className?: string;
  /** Extra class of the error message (the checkout draws it with a mark). */
  errorClassName?: string;
  children: (control: FieldControl) => ReactNode;
};

export function Field({
  label,
  hint,
  invalid,
  error,
  errorId,
  required = true,
  markOptional,
  className,
  errorClassName,
  children,
}: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const ownErrorId = `${id}-error`;
  const inError = Boolean(invalid || error);
  const describedBy =
    [hint ? hintId : null, error ? ownErrorId : null, inError && !error && errorId ? errorId : null]
      .filter(Boolean)
      .join(" ") || undefined;
  return (
    <div className={["field", inError ? "field--invalid" : null, className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>
        {label}
        {markOptional && !required && <span className="field__optional"> (optional)</span>}
      </label>
      {children({ id, required, "aria-invalid": inError || undefined, "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="field-hint muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={ownErrorId} className={["field-error", errorClassName].filter(Boolean).join(" ")}>
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = Omit<FieldProps, "children"> & {
  name: string;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>["inputMode"];
  defaultValue?: string;
  readOnly?: boolean;
  maxLength?: number;
  placeholder?: string;
  /** Focused when the page loads (a refused form shown again without JavaScript). */
  autoFocus?: boolean;
  /** A text area (seven rows) instead of a one-line input. */
  multiline?: boolean;
};

/** A Field whose control is a text input (or text area). */
export function TextField({
  name,
  type = "text",
  autoComplete,
  inputMode,
  defaultValue,
  readOnly,
  maxLength,
  placeholder,
  autoFocus,
  multiline,
  ...field
}: TextFieldProps) {
  return (
    <Field {...field}>
      {(control) =>
        multiline ? (
          <textarea {...control} name={name} defaultValue={defaultValue} maxLength={maxLength} rows={7} />
        ) : (
          <input
            {...control}
            name={name}
            type={type}
            autoComplete={autoComplete}
            inputMode={inputMode}
            defaultValue={defaultValue}
            readOnly={readOnly}
            maxLength={maxLength}
            placeholder={placeholder}
            spellCheck={type === "email" || inputMode === "numeric" ? false : undefined}
            autoCapitalize={type === "email" || type === "password" ? "none" : undefined}
            // biome-ignore lint/a11y/noAutofocus: after a page-reload submission the first invalid field takes focus, as the hydrated form does (WCAG 3.3.1); nothing else autofocuses.
            autoFocus={autoFocus}
          />
        )
      }
    </Field>
  );
}
