// The account page's two-factor authentication: set it up (current password → a key for the
// authenticator app → a code to turn it on → recovery codes, shown once), or turn it off
// (password and a code). Plain forms posting to the account action, so every step works without
// JavaScript; the key and the recovery codes come back in the action's answer, never in a URL.
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { CurrentPasswordField } from "~/components/ui/account-fields";
import { TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { FormAlert } from "./form-alert";
import { type TwoFactorActionData, twoFactorText } from "./two-factor";

export type TwoFactorStatus = { enabled: boolean; enrolmentRequired: boolean };

const errorId = "two-factor-error";

export function TwoFactorSection({
  status,
  result,
}: {
  status: TwoFactorStatus;
  result?: TwoFactorActionData;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/account";
  const error = result && !result.ok ? result.error : null;

  let body: ReactNode;
  if (result?.intent === "totp-enable" && result.ok) {
    body = (
      <>
        <p className="alert alert--success" role="status">
          {twoFactorText.enabled}
        </p>
        <ol className="two-factor__codes" aria-label="Recovery codes">
          {result.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
      </>
    );
  } else if (
    (result?.intent === "totp-setup" && result.ok) ||
    (result?.intent === "totp-enable" && !result.ok && result.secret)
  ) {
    const { secret, uri } = result;
    body = (
      <>
        <p>{twoFactorText.setupStarted}</p>
        <p>
          Key: <code className="two-factor__key">{secret}</code>
        </p>
        <p>
          <a href={uri}>Open in your authenticator app</a>
        </p>
        <TwoFactorForm intent="totp-enable" error={error} focusKey={result}>
          <input type="hidden" name="secret" value={secret} />
          <input type="hidden" name="uri" value={uri} />
          <CodeField invalid={Boolean(error)} errorId={errorId} />
          <SubmitButton pending={sending}>Turn On Two-Factor Authentication</SubmitButton>
        </TwoFactorForm>
      </>
    );
  } else if (status.enabled) {
    body = (
      <>
        <p>{twoFactorText.isOn}</p>
        <TwoFactorForm intent="totp-disable" error={error} focusKey={result}>
          <CurrentPasswordField invalid={Boolean(error)} errorId={errorId} />
          <CodeField recovery invalid={Boolean(error)} errorId={errorId} />
          <SubmitButton pending={sending} primary={false}>
            Turn Off Two-Factor Authentication
          </SubmitButton>
        </TwoFactorForm>
      </>
    );
  } else {
    body = (
      <>
        {result?.intent === "totp-disable" && result.ok && (
          <p className="alert alert--success" role="status">
            {twoFactorText.disabled}
          </p>
        )}
        {status.enrolmentRequired && <p className="alert">{twoFactorText.enrolmentRequired}</p>}
        <p>{twoFactorText.setupIntro}</p>
        <TwoFactorForm intent="totp-setup" error={error} focusKey={result}>
          <CurrentPasswordField invalid={Boolean(error)} errorId={errorId} />
          <SubmitButton pending={sending}>Set Up Two-Factor Authentication</SubmitButton>
        </TwoFactorForm>
      </>
    );
  }
  return (
    <section className="account-card two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-Factor Authentication</h2>
      {body}
    </section>
  );
}

/** A form of this section: posts its intent to the account action, with the error summary. */
/**
 * The code box: six digits from the authenticator app ("123 456" fits too), or, where `recovery`
 * is allowed (turning it off), one of the longer recovery codes instead.
 */
function CodeField({
  recovery = false,
  invalid,
  errorId,
}: {
  recovery?: boolean;
  invalid: boolean;
  errorId: string;
}) {
  return (
    <TextField
      name="code"
      label={recovery ? "Authentication or Recovery Code" : "Authentication Code"}
      autoComplete="one-time-code"
      inputMode={recovery ? undefined : "numeric"}
      maxLength={recovery ? 40 : 7}
      invalid={invalid}
      errorId={errorId}
    />
  );
}

function TwoFactorForm({
  intent,
  error,
  focusKey,
  children,
}: {
  intent: string;
  error: string | null;
  focusKey: unknown;
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/account" className="auth-form account-form" noValidate>
      <FormAlert id={errorId} message={error} focusKey={focusKey} />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}
