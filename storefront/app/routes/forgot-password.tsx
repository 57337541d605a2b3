// Asks for a password reset e-mail. The answer is the same whether or not the address has an
// account (PRODUCT §2: the shop never reveals who is registered).
import { Code } from "@connectrpc/connect";
import { data, Form, Link, redirect } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { FormAlert } from "~/components/account/form-alert";
import { useCheckedSubmit } from "~/components/account/use-checked-submit";
import { EmailField } from "~/components/ui/account-fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { formCheck, inputText, parseForm } from "~/lib/form-schema";
import { usePendingSubmission } from "~/lib/hooks/use-pending-submission";
import { authText, forgotPasswordSchema } from "~/lib/models/auth";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { isCode, throttledMessage } from "~/lib/server/session.server";
import "~/styles/pages/auth.css";
import type { Route } from "./+types/forgot-password";

export type ForgotPasswordActionData = { error: string; email: string };

const checkEmail = formCheck(forgotPasswordSchema);

export async function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm(forgotPasswordSchema, await request.formData());
  if (!parsed.ok)
    return data<ForgotPasswordActionData>(
      { error: parsed.problem.message, email: inputText(parsed.input, "email") },
      { status: 400 },
    );
  const { email } = parsed.values;
  try {
    await api(context).auth.requestPasswordReset({ email });
  } catch (err) {
    if (isCode(err, Code.ResourceExhausted)) {
      return data<ForgotPasswordActionData>(
        { error: throttledMessage(err, "password reset requests"), email },
        { status: 429 },
      );
    }
    if (isCode(err, Code.InvalidArgument))
      return data<ForgotPasswordActionData>({ error: authText.invalidEmail, email }, { status: 400 });
    console.error("password reset request failed", err);
    return data<ForgotPasswordActionData>({ error: authText.unavailable, email }, { status: 503 });
  }
  return redirect("/forgot-password?sent=1");
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Forgot Your Password?",
    description: "Request a link to reset the password of your Atelier London account.",
    origin: originFrom(matches),
    path: "/forgot-password",
    noindex: true,
  });
}

const errorId = "forgot-error";

export default function ForgotPasswordRoute({ loaderData, actionData }: Route.ComponentProps) {
  const pending = usePendingSubmission("/forgot-password");
  const { clientProblem: clientError, onSubmit } = useCheckedSubmit(pending, checkEmail);
  const error = clientError?.message ?? (pending ? null : actionData?.error);

  return (
    <AuthLayout
      eyebrow="Account Help"
      title="Forgot Your Password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/login">Back to Sign In</Link>
        </p>
      }
    >
      {loaderData.sent && !actionData ? (
        <div className="auth-card__done">
          <p className="alert alert--success" role="status">
            {authText.resetRequested}
          </p>
          <p className="muted">
            The link works once and expires soon. Do check your spam folder if it has not arrived in a few
            minutes.
          </p>
        </div>
      ) : (
        <Form method="post" action="/forgot-password" className="auth-form" noValidate onSubmit={onSubmit}>
          <FormAlert id={errorId} message={error} focusKey={clientError ?? actionData} />
          <EmailField defaultValue={actionData?.email} invalid={Boolean(error)} errorId={errorId} />
          <SubmitButton pending={pending} pendingLabel="Sending…">
            Send Reset Link
          </SubmitButton>
        </Form>
      )}
    </AuthLayout>
  );
}
