// Sign in: e-mail and password, checked by the API. On success the session cookie is set, the
// guest's cart and wishlist are folded into the account's, and the shopper goes back to the page
// that sent them here (`redirectTo`, a path on this shop only). Works as a plain form post; once
// hydrated it is checked in the page first and posted in the background, reading "Signing in…"
// meanwhile.
//
// Accounts with two-factor authentication: once the API has found the password right it answers
// reason `totp_required`, and the form comes back with a one-time-code field (and, folded away, a
// recovery-code field); password and code are then sent together. Sent in the background, the
// password stays in the form; after a plain form post it is asked for again rather than echoed
// back into the page.
import { Code } from "@connectrpc/connect";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { FormAlert } from "~/components/account/form-alert";
import { readTotpCode, twoFactorText } from "~/components/account/two-factor";
import { useCheckedSubmit } from "~/components/account/use-checked-submit";
import { EmailField } from "~/components/ui/account-fields";
import { TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import type { Session } from "~/gen/atelier/store/v1/auth_service_pb";
import { formCheck, inputText, parseForm, text } from "~/lib/form-schema";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { usePendingSubmission } from "~/lib/hooks/use-pending-submission";
import { authText, loginSchema } from "~/lib/models/auth";
import { safeRedirect } from "~/lib/models/sign-in-return";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import {
  errorReason,
  isCode,
  sessionAccount,
  startSession,
  throttledMessage,
} from "~/lib/server/session.server";
import "~/styles/pages/auth.css";
import type { Route } from "./+types/login";

export type LoginActionData = {
  /** What went wrong; null when the API asks for the second factor. */
  error: string | null;
  email: string;
  /** The account has two-factor authentication: ask for a code. */
  codeStep?: boolean;
  /** The form was sent in the background, so the password is still in it. */
  keptPassword?: boolean;
};

/** Sign in, and at the code step a code from the app or a recovery code as well. */
const loginFormSchema = loginSchema
  .extend({ codeStep: text(), totpCode: text(), recoveryCode: text() })
  .refine((v) => v.codeStep !== "1" || Boolean(v.totpCode || v.recoveryCode), {
    message: twoFactorText.codeMissing,
    path: ["totpCode"],
  });
const checkLogin = formCheck(loginFormSchema);

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirect(params.get("redirectTo"));
  if (sessionAccount(context)) throw redirect(redirectTo);
  return { redirectTo, reset: params.get("reset") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirect(
    form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"),
  );
  // Present only at the code step (undefined otherwise, so answers stay as they were).
  const codeStep = form.get("codeStep") === "1" || undefined;
  const keptPassword = form.get("enhanced") === "1";
  const parsed = parseForm(loginFormSchema, form);
  if (!parsed.ok)
    return data<LoginActionData>(
      { error: parsed.problem.message, email: inputText(parsed.input, "email"), codeStep },
      { status: 400 },
    );
  const { email, password, totpCode: typedCode, recoveryCode } = parsed.values;
  const totpCode = recoveryCode ? "" : readTotpCode(typedCode);
  if (!recoveryCode && typedCode && !totpCode)
    return data<LoginActionData>(
      { error: twoFactorText.codeInvalid, email, codeStep: true },
      { status: 400 },
    );

  const client = api(context);
  let session: Session;
  try {
    const answer = await client.auth.login({
      email,
      password,
      ...(totpCode && { totpCode }),
      ...(recoveryCode && { recoveryCode }),
    });
    if (!answer.session?.token) throw new Error("Login answered without a session");
    session = answer.session;
  } catch (err) {
    // The password was right; the account needs its second factor as well.
    if (errorReason(err) === "totp_required")
      return data<LoginActionData>({ error: null, email, codeStep: true, keptPassword });
    // A code was given: the shopper is at the code step and stays there.
    const atCodeStep = codeStep || (totpCode || recoveryCode ? true : undefined);
    // The same words whether the address is unknown, the password wrong or the code (PRODUCT §2).
    if (
      isCode(err, Code.Unauthenticated) ||
      isCode(err, Code.InvalidArgument) ||
      isCode(err, Code.NotFound)
    ) {
      return data<LoginActionData>(
        { error: authText.invalidCredentials, email, codeStep: atCodeStep },
        { status: 401 },
      );
    }
    if (isCode(err, Code.ResourceExhausted)) {
      return data<LoginActionData>(
        { error: throttledMessage(err, "sign-in attempts"), email, codeStep: atCodeStep },
        { status: 429 },
      );
    }
    console.error("login failed", err);
    return data<LoginActionData>({ error: authText.unavailable, email }, { status: 503 });
  }
  // Signed in. The answer is made outside the try above: a problem here is not an API outage.
  return redirect(redirectTo, { headers: await startSession(client, request, session) });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Sign In",
    description:
      "Sign in to your Atelier London account for a faster checkout, your orders and your wishlist.",
    origin: originFrom(matches),
    path: "/login",
    noindex: true,
  });
}

const errorId = "login-error";

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, reset } = loaderData;
  const pending = usePendingSubmission("/login");
  const hydrated = useHydrated();
  const codeStep = Boolean(actionData?.codeStep);
  const { clientProblem: clientError, onSubmit } = useCheckedSubmit(pending, checkLogin);
  const error = clientError?.message ?? (pending ? null : actionData?.error);
  const prompt =
    codeStep && !error
      ? actionData?.keptPassword
        ? twoFactorText.codeNeeded
        : twoFactorText.codeNeededAgain
      : null;
  const formRef = useRef<HTMLFormElement>(null);

  // A refused password is not left in the form (as after a plain form post); a right one that
  // only lacked its code stays, so that the code is all there is to type.
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (actionData?.error && password instanceof HTMLInputElement) password.value = "";
    const code = formRef.current?.elements.namedItem("totpCode");
    if (actionData?.error && code instanceof HTMLInputElement) code.value = "";
  }, [actionData]);

  return (
    <AuthLayout
      eyebrow="Welcome Back"
      title="Sign In"
      intro="Sign in for a faster checkout, your order history and your wishlist."
      footer={
        <p>
          New to Atelier London? <Link to="/register">Create an account</Link>
        </p>
      }
    >
      {reset && (
        <p className="alert alert--success" role="status">
          {authText.resetDone}
        </p>
      )}
      <Form ref={formRef} method="post" action="/login" className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert id={errorId} message={error} focusKey={clientError ?? actionData} />
        {prompt && (
          <p className="alert" role="status">
            {prompt}
          </p>
        )}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {hydrated && <input type="hidden" name="enhanced" value="1" />}
        <EmailField defaultValue={actionData?.email} invalid={Boolean(error)} errorId={errorId} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          invalid={Boolean(error)}
          errorId={errorId}
        />
        {codeStep && (
          <>
            <input type="hidden" name="codeStep" value="1" />
            <TextField
              name="totpCode"
              label="Authentication Code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              required={false}
              hint="The 6-digit code your authenticator app shows."
              invalid={Boolean(error)}
              errorId={errorId}
            />
            <details className="auth-form__recovery">
              <summary>Use a recovery code</summary>
              <TextField
                name="recoveryCode"
                label="Recovery Code"
                autoComplete="off"
                maxLength={40}
                required={false}
                invalid={Boolean(error)}
                errorId={errorId}
              />
            </details>
          </>
        )}
        <p className="auth-form__aside">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <SubmitButton pending={pending} pendingLabel="Signing in…">
          Sign In
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
