// The account page's forms: profile (name and e-mail) and change password. Each posts to the
// account action and works as a plain form post (the page comes back with ?updated=… or the
// error); once hydrated it is checked in the page and sent in the background.
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { TextField } from "~/components/ui/field";
import { useFormReset } from "~/components/ui/use-form-reset";
import { type FormProblem, formCheck } from "~/lib/form-schema";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { nameMaxLength, passwordChangeSchema, passwordMaxLength, profileSchema } from "~/lib/models/auth";
import { maxEmailLength } from "~/lib/models/email";
import {
  type AccountActionData,
  accountText,
  type PasswordField,
  type ProfileField,
  type ProfileValues,
} from "./account-forms-data";
import { FormAlert } from "./form-alert";

type Intent = AccountActionData["intent"];

const checkProfile = formCheck(profileSchema);
const checkPasswords = formCheck(passwordChangeSchema);

/** The parts both forms share: the fetcher, the in-page check, the messages. */
function useAccountForm(
  intent: Intent,
  serverResult: AccountActionData | undefined,
  check: (form: FormData) => FormProblem | null,
) {
  const fetcher = useFetcher<AccountActionData>({ key: `account-${intent}` });
  const hydrated = useHydrated();
  const [clientError, setClientError] = useState<{ error: string; fields: string[] } | null>(null);
  const sending = fetcher.state !== "idle";
  const answer = fetcher.data ?? (serverResult?.intent === intent ? serverResult : undefined);
  const result = sending ? undefined : answer;
  const failure: { error: string; fields: string[] } | null =
    clientError ?? (result && !result.ok ? { error: result.error, fields: result.fields } : null);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    e.preventDefault();
    if (sending) return;
    const found = check(new FormData(e.currentTarget));
    if (found) {
      setClientError({ error: found.message, fields: found.fields });
      return;
    }
    setClientError(null);
    void fetcher.submit(e.currentTarget);
  };
  return { fetcher, hydrated, sending, result, failure, clientError, onSubmit };
}

function Saved({ message }: { message: string | null }) {
  // The live region is always there, so the message is announced when it appears.
  return (
    <div role="status" aria-live="polite" className="account-form__status">
      {message && <p className="alert alert--success">{message}</p>}
    </div>
  );
}

function FormShell({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="account-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * Name and e-mail address. Changing the address needs the current password (the API says so when
 * it is missing or wrong), and then signs the account out everywhere else.
 */
export function ProfileForm({
  profile,
  serverResult,
  saved,
}: {
  profile: ProfileValues;
  serverResult?: AccountActionData;
  saved: string | null;
}) {
  const { fetcher, hydrated, sending, result, failure, clientError, onSubmit } = useAccountForm(
    "profile",
    serverResult,
    checkProfile,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = "profile-error";
  const values = result && !result.ok && result.intent === "profile" ? result.values : profile;
  const invalid = (f: ProfileField) => Boolean(failure?.fields.includes(f));
  const message = result?.ok ? result.message : saved && !result && !sending ? saved : null;

  // The password is never kept in the form once the API has answered, whatever the answer.
  useFormReset(formRef, fetcher, { when: () => true, fields: ["currentPassword"] });

  return (
    <FormShell title="Your Details" id="profile-heading">
      <Saved message={failure ? null : message} />
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/account"
        className="auth-form account-form"
        noValidate
        onSubmit={onSubmit}
      >
        <FormAlert id={errorId} message={failure?.error} focusKey={clientError ?? fetcher.data} />
        {hydrated && <input type="hidden" name="enhanced" value="1" />}
        <input type="hidden" name="intent" value="profile" />
        <div className="auth-form__pair">
          <TextField
            name="firstName"
            label="First Name"
            autoComplete="given-name"
            maxLength={nameMaxLength}
            defaultValue={values.firstName}
            invalid={invalid("firstName")}
            errorId={errorId}
          />
          <TextField
            name="lastName"
            label="Last Name"
            autoComplete="family-name"
            maxLength={nameMaxLength}
            defaultValue={values.lastName}
            invalid={invalid("lastName")}
            errorId={errorId}
          />
        </div>
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={maxEmailLength}
          defaultValue={values.email}
          invalid={invalid("email")}
          errorId={errorId}
        />
        <TextField
          name="currentPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          maxLength={passwordMaxLength}
          required={false}
          hint={accountText.currentPasswordHint}
          invalid={invalid("currentPassword")}
          errorId={errorId}
        />
        <button
          type="submit"
          className="button button--primary auth-form__submit"
          aria-disabled={sending || undefined}
        >
          {sending ? "Saving…" : "Save Details"}
        </button>
      </fetcher.Form>
    </FormShell>
  );
}

export function PasswordForm({
  serverResult,
  changed,
}: {
  serverResult?: AccountActionData;
  changed: boolean;
}) {
  const { fetcher, hydrated, sending, result, failure, clientError, onSubmit } = useAccountForm(
    "password",
    serverResult,
    checkPasswords,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = "password-error";
  const invalid = (f: PasswordField) => Boolean(failure?.fields.includes(f));
  const message = result?.ok
    ? result.message
    : changed && !result && !sending
      ? accountText.passwordChanged
      : null;

  // Passwords are never kept in the form once changed.
  useFormReset(formRef, fetcher);

  return (
    <FormShell title="Change Password" id="password-heading">
      <Saved message={failure ? null : message} />
      <fetcher.Form
        ref={formRef}
        method="post"
        action="/account"
        className="auth-form account-form"
        noValidate
        onSubmit={onSubmit}
      >
        <FormAlert id={errorId} message={failure?.error} focusKey={clientError ?? fetcher.data} />
        {hydrated && <input type="hidden" name="enhanced" value="1" />}
        <input type="hidden" name="intent" value="password" />
        <TextField
          name="currentPassword"
          label="Current Password"
          type="password"
          autoComplete="current-password"
          maxLength={passwordMaxLength}
          invalid={invalid("currentPassword")}
          errorId={errorId}
        />
        <TextField
          name="newPassword"
          label="New Password"
          type="password"
          autoComplete="new-password"
          maxLength={passwordMaxLength}
          hint="At least 8 characters."
          invalid={invalid("newPassword")}
          errorId={errorId}
        />
        <TextField
          name="confirmPassword"
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          maxLength={passwordMaxLength}
          invalid={invalid("confirmPassword")}
          errorId={errorId}
        />
        <button
          type="submit"
          className="button button--primary auth-form__submit"
          aria-disabled={sending || undefined}
        >
          {sending ? "Changing…" : "Change Password"}
        </button>
      </fetcher.Form>
    </FormShell>
  );
}
