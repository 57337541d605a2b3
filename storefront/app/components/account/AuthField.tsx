import { type ReactNode, useId } from "react";

type Props = {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete: string;
  defaultValue?: string;
  /** The field is part of the problem the form's alert describes. */
  invalid?: boolean;
  /** The id of the alert that describes the problem, read out with the field. */
  errorId?: string;
  /** A standing hint beneath the field ("At least 8 characters"). */
  hint?: ReactNode;
  maxLength?: number;
  /** Whether the field must be filled in (default true). */
  required?: boolean;
  /** The on-screen keyboard to offer ("numeric" for one-time codes). */
  inputMode?: "numeric" | "text";
};

/** One labelled field of the account forms (login, register, password, profile); required unless said. */
export function AuthField({ name, label, type = "text", autoComplete, defaultValue, invalid, errorId, hint, maxLength, required = true, inputMode }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, invalid && errorId ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${invalid ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        maxLength={maxLength}
        inputMode={inputMode}
        spellCheck={type === "email" ? false : undefined}
        autoCapitalize={type === "email" || type === "password" ? "none" : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className="field-hint muted">
          {hint}
        </p>
      )}
    </div>
  );
}
