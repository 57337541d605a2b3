import { useId } from "react";
import { type ContactField, contactLimits } from "./validation";

type Props = {
  field: ContactField;
  label: string;
  defaultValue: string;
  error?: string;
  type?: "text" | "email";
  autoComplete?: string;
  multiline?: boolean;
};

/** One labelled, required field of the contact form, with its error right beneath it. */
export function ContactFieldInput({ field, label, defaultValue, error, type = "text", autoComplete, multiline }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    name: field,
    defaultValue,
    required: true,
    maxLength: contactLimits[field],
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  };
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...shared} rows={7} /> : <input {...shared} type={type} autoComplete={autoComplete} />}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
