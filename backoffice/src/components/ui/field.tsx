import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import "./field.css";

type FieldFrame = {
  label: string;
  /** A line of help under the label. */
  hint?: ReactNode;
  /** The refusal for this field (from the form's schema or the API's field violations). */
  error?: string | undefined;
};

/** Field lays out one form control with its label, hint and error, linked for screen readers. */
function Field({ id, label, hint, error, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function described(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** TextField is a labelled text input. */
export function TextField({
  label,
  hint,
  error,
  id,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Field id={fid} label={label} hint={hint} error={error}>
      <input
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(fid, hint, error)}
        {...input}
      />
    </Field>
  );
}

/** TextArea is a labelled multi-line text input. */
export function TextArea({
  label,
  hint,
  error,
  id,
  ...input
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Field id={fid} label={label} hint={hint} error={error}>
      <textarea
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(fid, hint, error)}
        {...input}
      />
    </Field>
  );
}

/** SelectField is a labelled select. */
export function SelectField({
  label,
  hint,
  error,
  id,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <Field id={fid} label={label} hint={hint} error={error}>
      <select
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={described(fid, hint, error)}
        {...select}
      >
        {children}
      </select>
    </Field>
  );
}

/** CheckboxField is a labelled checkbox, its label beside it. */
export function CheckboxField({
  label,
  hint,
  id,
  ...input
}: Omit<FieldFrame, "error"> & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className="field field--checkbox">
      <input type="checkbox" id={fid} aria-describedby={hint ? `${fid}-hint` : undefined} {...input} />
      <label htmlFor={fid}>{label}</label>
      {hint ? (
        <p className="field__hint" id={`${fid}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
