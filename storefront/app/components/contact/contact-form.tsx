// The contact form. It posts to the contact route's action and works before JavaScript loads
// (the page comes back with the errors, or with ?sent=1); once hydrated it checks the fields in
// the browser first and sends in the background, clearing itself when the message is stored.
import { type FormEvent, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { TextField, type TextFieldProps } from "~/components/ui/field";
import { useFormReset } from "~/components/ui/use-form-reset";
import { parseForm } from "~/lib/form-schema";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { SentBanner } from "./sent-banner";
import {
  type ContactErrors,
  type ContactField,
  type ContactValues,
  contactFields,
  contactLimits,
  contactSchema,
  emptyContact,
} from "./validation";

/** What the contact action answers. */
export type ContactActionResult =
  | { ok: true }
  | { ok: false; values: ContactValues; fieldErrors: ContactErrors; formError?: string };

type Props = {
  /** The action's answer to a plain (no-JavaScript) form post. */
  serverResult?: ContactActionResult;
  /** The page was reached by the redirect after a plain form post succeeded. */
  sent: boolean;
};

export function ContactForm({ serverResult, sent }: Props) {
  const fetcher = useFetcher<ContactActionResult>();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<ContactErrors | null>(null);
  // Each success gets a new number, so a second message within five seconds restarts the banner.
  const [successCount, setSuccessCount] = useState(sent ? 1 : 0);
  const [handledData, setHandledData] = useState(fetcher.data);

  const sending = fetcher.state !== "idle";
  const result = fetcher.data ?? serverResult;
  const failed = !sending && result && !result.ok ? result : null;
  const errors = clientErrors ?? failed?.fieldErrors ?? {};
  // Defaults matter only for the no-JavaScript round trip; after a background success they are
  // emptied so that resetting the form really clears it.
  const defaults = result && !result.ok ? result.values : emptyContact;

  if (fetcher.state === "idle" && fetcher.data !== handledData) {
    setHandledData(fetcher.data);
    if (fetcher.data?.ok) setSuccessCount((n) => n + 1);
  }

  useFormReset(formRef, fetcher);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    if (sending) return;
    const form = e.currentTarget;
    const checked = parseForm<typeof contactSchema, ContactField>(contactSchema, new FormData(form));
    if (!checked.ok) {
      setClientErrors(checked.errors);
      focusFirstInvalid(form, checked.errors);
      return;
    }
    setClientErrors(null);
    void fetcher.submit(form);
  };

  const field = (name: ContactField, label: string, extra: Partial<TextFieldProps> = {}) => (
    <TextField
      name={name}
      maxLength={contactLimits[name]}
      label={label}
      defaultValue={defaults[name]}
      error={errors[name]}
      {...extra}
    />
  );

  return (
    <>
      <SentBanner successCount={successCount} />
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/contact"
        className="contact-form"
        noValidate
        onSubmit={onSubmit}
      >
        {hydrated && <input type="hidden" name="enhanced" value="1" />}
        <div className="contact-form__pair">
          {field("name", "Name", { autoComplete: "name" })}
          {field("email", "Email", { type: "email", autoComplete: "email" })}
        </div>
        {field("subject", "Subject")}
        {field("message", "Message", { multiline: true })}
        <p className="contact-form__required muted">All fields are required.</p>
        {failed?.formError && (
          <p className="alert alert--error" role="alert">
            {failed.formError}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary contact-form__submit"
          aria-disabled={sending || undefined}
        >
          {sending ? "Sending..." : "Send Message"}
        </button>
      </fetcher.Form>
    </>
  );
}

function focusFirstInvalid(form: HTMLFormElement, errors: ContactErrors) {
  const first = contactFields.find((f: ContactField) => errors[f]);
  const element = first ? form.elements.namedItem(first) : null;
  if (element instanceof HTMLElement) element.focus();
}
