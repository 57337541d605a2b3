// The account page's forms: profile (name and e-mail) and change password. Each posts to the
// account action and works as a plain form post (the page comes back with ?updated=… or the
// error); once hydrated it is checked in the page and sent in the background.
import { type FormEvent, type ReactNode, type RefObject, useRef, useState } from "react";
import { useFetcher } from "react-router";
import {
  CurrentPasswordField,
  EmailField,
  NameFields,
  NewPasswordFields,
} from "~/components/ui/account-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { useFormReset } from "~/components/ui/use-form-reset";
import { type FormProblem, formCheck } from "~/lib/form-schema";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { passwordChangeSchema, profileSchema } from "~/lib/models/auth";
import {
  type AccountActionData,
  accountText,
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
  return { intent, fetcher, hydrated, sending, result, failure, clientError, onSubmit };
}

/** The form itself: posts to the account action, with the error summary and the hidden fields. */
function AccountForm({
  form,
  formRef,
  errorId,
  children,
}: {
  form: ReturnType<typeof useAccountForm>;
  formRef: RefObject<HTMLFormElement | null>;
  errorId: string;
  children: ReactNode;
}) {
  const { fetcher, hydrated, failure, clientError, onSubmit } = form;
  return (
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
      <input type="hidden" name="intent" value={form.intent} />
      {children}
    </fetcher.Form>
  );
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
  const form = useAccountForm("profile", serverResult, checkProfile);
  const { fetcher, sending, result, failure } = form;
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
      <AccountForm form={form} formRef={formRef} errorId={errorId}>
        <NameFields values={values} invalid={invalid} errorId={errorId} />
        <EmailField defaultValue={values.email} invalid={invalid("email")} errorId={errorId} />
        <CurrentPasswordField
          required={false}
          hint={accountText.currentPasswordHint}
          invalid={invalid("currentPassword")}
          errorId={errorId}
        />
        <SubmitButton pending={sending} pendingLabel="Saving…">
          Save Details
        </SubmitButton>
      </AccountForm>
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
  const form = useAccountForm("password", serverResult, checkPasswords);
  const { fetcher, sending, result, failure } = form;
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = "password-error";
  const invalid = (f: string) => Boolean(failure?.fields.includes(f));
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
      <AccountForm form={form} formRef={formRef} errorId={errorId}>
        <CurrentPasswordField invalid={invalid("currentPassword")} errorId={errorId} />
        <NewPasswordFields name="newPassword" invalid={invalid} errorId={errorId} />
        <SubmitButton pending={sending} pendingLabel="Changing…">
          Change Password
        </SubmitButton>
      </AccountForm>
    </FormShell>
  );
}
