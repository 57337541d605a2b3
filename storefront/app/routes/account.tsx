// My Account: the signed-in shopper's details and password, and the way to their orders and
// wishlist. Guests are sent to sign in and brought back here.
import { Code, ConnectError } from "@connectrpc/connect";
import { data, Link, redirect } from "react-router";
import {
  type AccountActionData,
  accountText,
  readPasswords,
  readProfile,
  readProfilePassword,
  validatePasswords,
  validateProfile,
} from "~/components/account/account-forms";
import { PasswordForm, ProfileForm } from "~/components/account/AccountForms";
import { api } from "~/lib/api.server";
import { authText, loginHref } from "~/lib/auth";
import { originFrom, pageMeta } from "~/lib/seo";
import { clearSessionCookie, errorReason, isCode, sessionState, throttledMessage } from "~/lib/session.server";
import "~/styles/pages/auth.css";
import "~/styles/pages/account.css";
import type { Route } from "./+types/account";

/** A session that ended (or never was): sign in, then come back (the ended session's cookie deleted). */
function toLogin(request: Request) {
  return redirect(loginHref("/account"), { headers: { "Set-Cookie": clearSessionCookie(request) } });
}

function requireAccount(request: Request, context: Route.LoaderArgs["context"]) {
  const state = sessionState(context);
  if (state.unknown) throw data("We could not reach our account service just now.", { status: 503 });
  if (!state.account) throw state.ended ? toLogin(request) : redirect(loginHref("/account"));
  return state.account;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const account = requireAccount(request, context);
  const updated = new URL(request.url).searchParams.get("updated");
  return {
    profile: { firstName: account.firstName, lastName: account.lastName, email: account.email },
    // After a plain form post (?updated=…): what the profile form confirms.
    saved: updated === "email" ? accountText.emailChanged : updated === "profile" ? accountText.profileSaved : null,
    changed: updated === "password",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const account = requireAccount(request, context);
  const form = await request.formData();
  const enhanced = form.get("enhanced") === "1";
  const client = api(context);
  const reply = (result: AccountActionData, status = 200) => {
    if (result.ok && !enhanced) {
      const updated = result.intent === "profile" && result.message === accountText.emailChanged ? "email" : result.intent;
      return redirect(`/account?updated=${updated}`);
    }
    return data(result, { status });
  };

  if (form.get("intent") === "password") {
    const values = readPasswords(form);
    const fail = (error: string, fields: Extract<AccountActionData, { intent: "password"; ok: false }>["fields"], status: number) =>
      reply({ intent: "password", ok: false, error, fields }, status);
    const problem = validatePasswords(values);
    if (problem) return fail(problem.error, problem.fields, 400);
    try {
      await client.auth.changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      return reply({ intent: "password", ok: true, message: accountText.passwordChanged });
    } catch (err) {
      // The API's stable reasons decide, never its wording.
      const reason = errorReason(err);
      if (isCode(err, Code.Unauthenticated)) return toLogin(request);
      if (reason === "wrong_password") return fail(authText.currentPasswordWrong, ["currentPassword"], 400);
      if (reason === "password_too_short") return fail(authText.passwordTooShort, ["newPassword"], 400);
      if (reason === "missing_current_password") return fail(err instanceof ConnectError ? err.rawMessage : authText.allRequired, ["currentPassword"], 400);
      if (isCode(err, Code.ResourceExhausted)) return fail(throttledMessage(err, "attempts"), [], 429);
      if (isCode(err, Code.InvalidArgument)) return fail(err.rawMessage, [], 400);
      console.error("account: changing the password failed", err);
      return fail(authText.unavailable, [], 503);
    }
  }

  const values = readProfile(form);
  const currentPassword = readProfilePassword(form);
  const fail = (error: string, fields: Extract<AccountActionData, { intent: "profile"; ok: false }>["fields"], status: number) =>
    reply({ intent: "profile", ok: false, error, fields, values }, status);
  const problem = validateProfile(values);
  if (problem) return fail(problem.error, problem.fields, 400);
  try {
    const { user } = await client.auth.updateProfile({ ...values, currentPassword });
    // A new address ends the account's other sessions (this one stays): say so.
    const emailChanged = (user?.email ?? values.email).toLowerCase() !== account.email.toLowerCase();
    return reply({ intent: "profile", ok: true, message: emailChanged ? accountText.emailChanged : accountText.profileSaved });
  } catch (err) {
    const reason = errorReason(err);
    if (isCode(err, Code.Unauthenticated)) return toLogin(request);
    if (reason === "email_taken" || isCode(err, Code.AlreadyExists)) return fail(authText.emailTaken, ["email"], 409);
    if (reason === "current_password_required") return fail(accountText.currentPasswordForEmail, ["currentPassword"], 400);
    if (reason === "wrong_password") return fail(authText.currentPasswordWrong, ["currentPassword"], 400);
    if (isCode(err, Code.ResourceExhausted)) return fail(throttledMessage(err, "attempts"), [], 429);
    if (err instanceof ConnectError && (err.code === Code.InvalidArgument || err.code === Code.FailedPrecondition)) return fail(err.rawMessage, [], 400);
    console.error("account: saving the profile failed", err);
    return fail(authText.unavailable, [], 503);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "My Account",
    description: "Your Atelier London account: your details, password, orders and wishlist.",
    origin: originFrom(matches),
    path: "/account",
    noindex: true,
  });
}

export default function AccountRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, saved, changed } = loaderData;
  return (
    <div className="page account-page">
      <header className="account-page__intro">
        <p className="eyebrow">My Account</p>
        <h1>Welcome, {profile.firstName}</h1>
        <p className="lead">Your details, your password, and everything you have ordered or saved.</p>
      </header>
      <nav className="account-links" aria-label="Account">
        <Link to="/orders" className="account-links__item">
          <span className="account-links__title">Your Orders</span>
          <span className="muted">Order history, status and delivery</span>
        </Link>
        <Link to="/wishlist" className="account-links__item">
          <span className="account-links__title">Your Wishlist</span>
          <span className="muted">The pieces you have saved for later</span>
        </Link>
      </nav>
      <div className="account-layout">
        <ProfileForm profile={profile} serverResult={actionData} saved={saved} />
        <PasswordForm serverResult={actionData} changed={changed} />
      </div>
    </div>
  );
}
