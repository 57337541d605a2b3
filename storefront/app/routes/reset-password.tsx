// Choose a new password with the single-use token from a reset e-mail (/reset-password?token=…).
// The token is in the URL, so the page's referrer policy is same-origin: other sites are never sent
// a Referer from it, while the shop's own requests are (a same-origin Referer keeps the form post's
// Origin real). The form posts to plain /reset-password with the token in a hidden field, so the
// post's URL (and the access log) never holds it. Success signs every session of the account out
// (the API revokes them) and sends the shopper to sign in with the new password.
import { Code, ConnectError } from "@connectrpc/connect";
import { data, Form, Link, redirect } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { FormAlert } from "~/components/account/form-alert";
import { useCheckedSubmit } from "~/components/account/use-checked-submit";
import { NewPasswordFields } from "~/components/ui/account-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { formCheck, parseForm } from "~/lib/form-schema";
import { usePendingSubmission } from "~/lib/hooks/use-pending-submission";
import { authText, type ResetPasswordField, resetPasswordSchema } from "~/lib/models/auth";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { clearSessionCookie, errorReason, isCode, throttledMessage } from "~/lib/server/session.server";
import "~/styles/pages/auth.css";
import type { Route } from "./+types/reset-password";

export type ResetPasswordActionData = { error: string; field?: ResetPasswordField; linkInvalid?: boolean };

const checkPasswords = formCheck<ResetPasswordField>(resetPasswordSchema);

const maxTokenLength = 200;

function tokenFrom(value: string | null): string {
  const token = (value ?? "").trim();
  return token.length <= maxTokenLength ? token : "";
}

export async function loader({ request }: Route.LoaderArgs) {
  return { token: tokenFrom(new URL(request.url).searchParams.get("token")) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // From the form only: the page's form carries it, and the URL of a post should not.
  const posted = form.get("token");
  const token = tokenFrom(typeof posted === "string" ? posted : null);
  if (!token)
    return data<ResetPasswordActionData>(
      { error: authText.resetLinkInvalid, linkInvalid: true },
      { status: 400 },
    );
  const parsed = parseForm<typeof resetPasswordSchema, ResetPasswordField>(resetPasswordSchema, form);
  if (!parsed.ok)
    return data<ResetPasswordActionData>(
      { error: parsed.problem.message, field: parsed.problem.fields[0] },
      { status: 400 },
    );
  const { password } = parsed.values;
  try {
    await api(context).auth.confirmPasswordReset({ token, newPassword: password });
  } catch (err) {
    const reason = errorReason(err);
    if (
      reason === "invalid_reset_token" ||
      isCode(err, Code.NotFound) ||
      isCode(err, Code.FailedPrecondition)
    ) {
      // The API words why (expired, already used); its message is shown as it is.
      const message = err instanceof ConnectError ? err.rawMessage : "";
      return data<ResetPasswordActionData>(
        { error: message || authText.resetLinkInvalid, linkInvalid: true },
        { status: 400 },
      );
    }
    if (isCode(err, Code.ResourceExhausted))
      return data<ResetPasswordActionData>({ error: throttledMessage(err, "attempts") }, { status: 429 });
    if (reason === "password_too_short")
      return data<ResetPasswordActionData>(
        { error: authText.passwordTooShort, field: "password" },
        { status: 400 },
      );
    if (isCode(err, Code.InvalidArgument))
      return data<ResetPasswordActionData>(
        { error: authText.resetLinkInvalid, linkInvalid: true },
        { status: 400 },
      );
    console.error("password reset failed", err);
    return data<ResetPasswordActionData>({ error: authText.unavailable }, { status: 503 });
  }
  // Every session of the account has ended, this browser's included.
  return redirect("/login?reset=1", { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

/** The same policy as the meta tag below, as a header too (the server's default is looser). */
export function headers(_: Route.HeadersArgs) {
  return { "Referrer-Policy": "same-origin" };
}

export function meta({ matches }: Route.MetaArgs) {
  return [
    ...pageMeta({
      title: "Choose a New Password",
      description: "Set a new password for your Atelier London account.",
      origin: originFrom(matches),
      path: "/reset-password",
      noindex: true,
    }),
    // The token in this page's URL must not leak to other sites as a Referer. "same-origin" rather
    // than "no-referrer": with no-referrer, browsers post the form with Origin: null, which React
    // Router's own origin check refuses.
    { name: "referrer", content: "same-origin" },
  ];
}

const errorId = "reset-error";

export default function ResetPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { token } = loaderData;
  const pending = usePendingSubmission("/reset-password");
  const { clientProblem, onSubmit } = useCheckedSubmit(pending, checkPasswords);
  const clientError: ResetPasswordActionData | null = clientProblem && {
    error: clientProblem.message,
    field: clientProblem.fields[0],
  };
  const problem = clientError ?? (pending ? null : actionData);

  const requestNew = (
    <p>
      <Link to="/forgot-password">Request a new link</Link>
    </p>
  );

  if (!token) {
    return (
      <AuthLayout eyebrow="Account Help" title="Choose a New Password">
        <div className="alert alert--error" role="alert">
          <p>{authText.resetLinkInvalid}</p>
          {requestNew}
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      eyebrow="Account Help"
      title="Choose a New Password"
      intro="Choose a password of at least 8 characters. You will then sign in with it."
      footer={
        <p>
          <Link to="/login">Back to Sign In</Link>
        </p>
      }
    >
      <Form method="post" action="/reset-password" className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert id={errorId} message={problem?.error} focusKey={clientProblem ?? actionData}>
          {problem?.linkInvalid && requestNew}
        </FormAlert>
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields name="password" invalid={(f) => problem?.field === f} errorId={errorId} />
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Set New Password
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
