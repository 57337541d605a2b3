// Sign in: e-mail and password, checked by the API. On success the session cookie is set, the
// guest's cart and wishlist are folded into the account's, and the shopper goes back to the page
// that sent them here (`redirectTo`, a path on this shop only). Works as a plain form post; once
// hydrated it is checked in the page first and posted in the background, reading "Signing in…"
// meanwhile.
import { Code } from "@connectrpc/connect";
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect } from "react-router";
import { AuthField } from "~/components/account/AuthField";
import { AuthLayout } from "~/components/account/AuthLayout";
import { FormAlert } from "~/components/account/FormAlert";
import { useCheckedSubmit } from "~/components/account/useCheckedSubmit";
import { usePendingSubmission } from "~/components/account/usePendingSubmission";
import type { Session } from "~/gen/atelier/store/v1/auth_service_pb";
import { api } from "~/lib/api.server";
import { authText, formText, safeRedirect, validateLogin } from "~/lib/auth";
import { maxEmailLength } from "~/lib/email";
import { originFrom, pageMeta } from "~/lib/seo";
import { isCode, sessionAccount, startSession, throttledMessage } from "~/lib/session.server";
import "~/styles/pages/auth.css";
import type { Route } from "./+types/login";

export type LoginActionData = { error: string; email: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = safeRedirect(params.get("redirectTo"));
  if (sessionAccount(context)) throw redirect(redirectTo);
  return { redirectTo, reset: params.get("reset") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = formText(form, "email");
  const password = formText(form, "password", { trim: false });
  const redirectTo = safeRedirect(form.get("redirectTo") ?? new URL(request.url).searchParams.get("redirectTo"));
  const missing = validateLogin({ email, password });
  if (missing) return data<LoginActionData>({ error: missing, email }, { status: 400 });

  const client = api(context);
  let session: Session;
  try {
    const answer = await client.auth.login({ email, password });
    if (!answer.session?.token) throw new Error("Login answered without a session");
    session = answer.session;
  } catch (err) {
    // The same words whether the address is unknown or the password wrong (PRODUCT §2).
    if (isCode(err, Code.Unauthenticated) || isCode(err, Code.InvalidArgument) || isCode(err, Code.NotFound)) {
      return data<LoginActionData>({ error: authText.invalidCredentials, email }, { status: 401 });
    }
    if (isCode(err, Code.ResourceExhausted)) {
      return data<LoginActionData>({ error: throttledMessage(err, "sign-in attempts"), email }, { status: 429 });
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
    description: "Sign in to your Atelier London account for a faster checkout, your orders and your wishlist.",
    origin: originFrom(matches),
    path: "/login",
    noindex: true,
  });
}

const errorId = "login-error";

export default function LoginRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, reset } = loaderData;
  const pending = usePendingSubmission("/login");
  const { clientProblem: clientError, onSubmit } = useCheckedSubmit(pending, (form) => {
    const message = validateLogin({ email: formText(form, "email"), password: formText(form, "password", { trim: false }) });
    return message ? { message } : null;
  });
  const error = clientError?.message ?? (pending ? null : actionData?.error);
  const formRef = useRef<HTMLFormElement>(null);

  // A refused password is not left in the form (as after a plain form post).
  useEffect(() => {
    const password = formRef.current?.elements.namedItem("password");
    if (actionData && password instanceof HTMLInputElement) password.value = "";
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
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AuthField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          maxLength={maxEmailLength}
          defaultValue={actionData?.email}
          invalid={Boolean(error)}
          errorId={errorId}
        />
        <AuthField name="password" label="Password" type="password" autoComplete="current-password" invalid={Boolean(error)} errorId={errorId} />
        <p className="auth-form__aside">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <button type="submit" className="button button--primary auth-form__submit" aria-disabled={pending || undefined}>
          {pending ? "Signing in…" : "Sign In"}
        </button>
      </Form>
    </AuthLayout>
  );
}
