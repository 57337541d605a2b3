// My Account: the signed-in shopper's details and password, two-factor authentication, and the
// way to their orders and wishlist. Guests are sent to sign in and brought back here.
import { Code, ConnectError } from "@connectrpc/connect";
import { data, Link, redirect } from "react-router";
import { PasswordForm, ProfileForm } from "~/components/account/account-forms";
import { type AccountActionData, accountText } from "~/components/account/account-forms-data";
import {
  isTwoFactorIntent,
  readTotpCode,
  type TwoFactorActionData,
  type TwoFactorIntent,
  totpDisableSchema,
  totpEnableSchema,
  totpSetupSchema,
  twoFactorText,
} from "~/components/account/two-factor";
import { TwoFactorSection, type TwoFactorStatus } from "~/components/account/two-factor-section";
import {
  ChangePasswordRequestSchema,
  UpdateProfileRequestSchema,
} from "~/gen/atelier/store/v1/auth_service_pb";
import { apiFormProblem, inputText, parseForm } from "~/lib/form-schema";
import {
  authText,
  type PasswordField,
  type ProfileField,
  passwordChangeSchema,
  profileSchema,
} from "~/lib/models/auth";
import { loginHref } from "~/lib/models/sign-in-return";
import { originFrom, pageMeta } from "~/lib/seo";
import { type Api, api } from "~/lib/server/api.server";
import {
  clearSessionCookie,
  errorReason,
  isCode,
  sessionState,
  throttledMessage,
} from "~/lib/server/session.server";
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
  // The session's account says who is signed in; whether they have two-factor authentication
  // (or, as an admin, must set it up) is asked here, the one page that shows it.
  let twoFactor: TwoFactorStatus | null = null;
  try {
    const { user } = await api(context).auth.getMe({});
    if (user) twoFactor = { enabled: user.totpEnabled, enrolmentRequired: user.totpEnrolmentRequired };
  } catch (err) {
    console.error("account: reading the two-factor status failed", err);
  }
  return {
    twoFactor,
    profile: { firstName: account.firstName, lastName: account.lastName, email: account.email },
    // After a plain form post (?updated=…): what the profile form confirms.
    saved:
      updated === "email"
        ? accountText.emailChanged
        : updated === "profile"
          ? accountText.profileSaved
          : null,
    changed: updated === "password",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const account = requireAccount(request, context);
  const form = await request.formData();
  const enhanced = form.get("enhanced") === "1";
  const client = api(context);
  const intent = form.get("intent");
  if (isTwoFactorIntent(intent)) {
    const answer = await twoFactorAction(client, intent, form);
    if (answer === "signed-out") return toLogin(request);
    // Answered in place, never redirected: the key and the recovery codes are shown this once.
    return data(answer.result, { status: answer.status });
  }
  const reply = (result: AccountActionData, status = 200) => {
    if (result.ok && !enhanced) {
      const updated =
        result.intent === "profile" && result.message === accountText.emailChanged ? "email" : result.intent;
      return redirect(`/account?updated=${updated}`);
    }
    return data(result, { status });
  };

  if (form.get("intent") === "password") {
    const fail = (error: string, fields: PasswordField[], status: number) =>
      reply({ intent: "password", ok: false, error, fields }, status);
    const parsed = parseForm<typeof passwordChangeSchema, PasswordField>(passwordChangeSchema, form);
    if (!parsed.ok) return fail(parsed.problem.message, parsed.problem.fields, 400);
    const values = parsed.values;
    try {
      await client.auth.changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      return reply({ intent: "password", ok: true, message: accountText.passwordChanged });
    } catch (err) {
      // The API's stable reasons decide, never its wording.
      const reason = errorReason(err);
      if (isCode(err, Code.Unauthenticated)) return toLogin(request);
      if (reason === "wrong_password") return fail(authText.currentPasswordWrong, ["currentPassword"], 400);
      if (reason === "password_too_short") return fail(authText.passwordTooShort, ["newPassword"], 400);
      if (reason === "missing_current_password")
        return fail(
          err instanceof ConnectError ? err.rawMessage : authText.allRequired,
          ["currentPassword"],
          400,
        );
      if (isCode(err, Code.ResourceExhausted)) return fail(throttledMessage(err, "attempts"), [], 429);
      if (err instanceof ConnectError && err.code === Code.InvalidArgument) {
        const problem = apiFormProblem<PasswordField>(
          err,
          ChangePasswordRequestSchema,
          passwordChangeSchema.keyof().options,
          err.rawMessage,
        );
        return fail(problem.message, problem.fields, 400);
      }
      console.error("account: changing the password failed", err);
      return fail(authText.unavailable, [], 503);
    }
  }

  const parsed = parseForm<typeof profileSchema, ProfileField>(profileSchema, form);
  const kept = parsed.ok
    ? parsed.values
    : {
        firstName: inputText(parsed.input, "firstName"),
        lastName: inputText(parsed.input, "lastName"),
        email: inputText(parsed.input, "email"),
      };
  const values = { firstName: kept.firstName, lastName: kept.lastName, email: kept.email };
  const fail = (error: string, fields: ProfileField[], status: number) =>
    reply({ intent: "profile", ok: false, error, fields, values }, status);
  if (!parsed.ok) return fail(parsed.problem.message, parsed.problem.fields, 400);
  try {
    const { user } = await client.auth.updateProfile({
      ...values,
      currentPassword: parsed.values.currentPassword,
    });
    // A new address ends the account's other sessions (this one stays): say so.
    const emailChanged = (user?.email ?? values.email).toLowerCase() !== account.email.toLowerCase();
    return reply({
      intent: "profile",
      ok: true,
      message: emailChanged ? accountText.emailChanged : accountText.profileSaved,
    });
  } catch (err) {
    const reason = errorReason(err);
    if (isCode(err, Code.Unauthenticated)) return toLogin(request);
    if (reason === "email_taken" || isCode(err, Code.AlreadyExists))
      return fail(authText.emailTaken, ["email"], 409);
    if (reason === "current_password_required")
      return fail(accountText.currentPasswordForEmail, ["currentPassword"], 400);
    if (reason === "wrong_password") return fail(authText.currentPasswordWrong, ["currentPassword"], 400);
    if (isCode(err, Code.ResourceExhausted)) return fail(throttledMessage(err, "attempts"), [], 429);
    if (
      err instanceof ConnectError &&
      (err.code === Code.InvalidArgument || err.code === Code.FailedPrecondition)
    ) {
      // The API's words, on the field it names (by its request field's generated name).
      const problem = apiFormProblem<ProfileField>(
        err,
        UpdateProfileRequestSchema,
        profileSchema.keyof().options,
        err.rawMessage,
      );
      return fail(problem.message, problem.fields, 400);
    }
    console.error("account: saving the profile failed", err);
    return fail(authText.unavailable, [], 503);
  }
}

type TwoFactorAnswer = { result: TwoFactorActionData; status: number } | "signed-out";

/** The two-factor forms' steps; the API's reasons decide what the shopper is told. */
async function twoFactorAction(
  client: Api,
  intent: TwoFactorIntent,
  form: FormData,
): Promise<TwoFactorAnswer> {
  const common = (
    err: unknown,
    fail: (error: string, status: number) => TwoFactorAnswer,
  ): TwoFactorAnswer => {
    const reason = errorReason(err);
    if (isCode(err, Code.Unauthenticated)) return "signed-out";
    if (reason === "wrong_password") return fail(authText.currentPasswordWrong, 400);
    if (reason === "invalid_totp_code" || reason === "missing_totp_code")
      return fail(twoFactorText.codeInvalid, 400);
    if (reason === "totp_already_enabled") return fail(twoFactorText.alreadyOn, 400);
    if (reason === "totp_setup_not_started") return fail(twoFactorText.setupExpired, 400);
    if (reason === "totp_not_enabled") return fail(twoFactorText.disabled, 400);
    if (isCode(err, Code.ResourceExhausted)) return fail(throttledMessage(err, "attempts"), 429);
    if (isCode(err, Code.InvalidArgument)) return fail(err.rawMessage, 400);
    console.error(`account: ${intent} failed`, err);
    return fail(authText.unavailable, 503);
  };

  if (intent === "totp-setup") {
    const fail = (error: string, status: number): TwoFactorAnswer => ({
      result: { intent, ok: false, error },
      status,
    });
    const parsed = parseForm(totpSetupSchema, form);
    if (!parsed.ok) return fail(parsed.problem.message, 400);
    try {
      const setup = await client.auth.beginTotpSetup(parsed.values);
      return { result: { intent, ok: true, secret: setup.secret, uri: setup.otpauthUri }, status: 200 };
    } catch (err) {
      return common(err, fail);
    }
  }

  if (intent === "totp-enable") {
    // The key goes round with the form, so a mistyped code can be tried again after a plain post.
    const parsed = parseForm(totpEnableSchema, form);
    const { secret, uri } = parsed.ok
      ? parsed.values
      : { secret: inputText(parsed.input, "secret"), uri: inputText(parsed.input, "uri") };
    const fail = (error: string, status: number): TwoFactorAnswer => ({
      result: { intent, ok: false, error, secret, uri },
      status,
    });
    if (!parsed.ok) return fail(parsed.problem.message, 400);
    try {
      const { recoveryCodes } = await client.auth.enableTotp({ code: readTotpCode(parsed.values.code) });
      return { result: { intent, ok: true, recoveryCodes }, status: 200 };
    } catch (err) {
      if (errorReason(err) === "totp_setup_not_started")
        return {
          result: { intent, ok: false, error: twoFactorText.setupExpired, secret: "", uri: "" },
          status: 400,
        };
      return common(err, fail);
    }
  }

  const fail = (error: string, status: number): TwoFactorAnswer => ({
    result: { intent: "totp-disable", ok: false, error },
    status,
  });
  const parsed = parseForm(totpDisableSchema, form);
  if (!parsed.ok) return fail(parsed.problem.message, 400);
  const { currentPassword, code } = parsed.values;
  try {
    await client.auth.disableTotp({ currentPassword, code: readTotpCode(code) || code });
    return { result: { intent: "totp-disable", ok: true }, status: 200 };
  } catch (err) {
    return common(err, fail);
  }
}

function isTwoFactorResult(d: AccountActionData | TwoFactorActionData | undefined): d is TwoFactorActionData {
  return d !== undefined && isTwoFactorIntent(d.intent);
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
  const { profile, saved, changed, twoFactor } = loaderData;
  const twoFactorResult = isTwoFactorResult(actionData) ? actionData : undefined;
  const accountResult = isTwoFactorResult(actionData) ? undefined : actionData;
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
        <ProfileForm profile={profile} serverResult={accountResult} saved={saved} />
        <PasswordForm serverResult={accountResult} changed={changed} />
        {twoFactor && <TwoFactorSection status={twoFactor} result={twoFactorResult} />}
      </div>
    </div>
  );
}
