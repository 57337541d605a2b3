// Two-factor authentication in the storefront: the texts of the sign-in code step and of the
// account page's set-up, and how codes typed by people are read. The API decides; the pages
// branch on its error reasons, never on its wording.

import { required, text } from "~/lib/form-schema";
import { z } from "~/lib/zod";

export const twoFactorText = {
  codeNeeded: "Enter the 6-digit code from your authenticator app.",
  codeNeededAgain: "Enter the 6-digit code from your authenticator app, and your password again.",
  codeMissing: "Please enter the code from your authenticator app, or a recovery code.",
  codeInvalid:
    "That code is not right or was already used. Please enter the current code from your authenticator app.",
  setupIntro: "Add a second step to signing in: a code from an authenticator app on your phone.",
  enrolmentRequired:
    "Your admin account needs two-factor authentication. Set it up here to use the back office.",
  setupStarted:
    "Add this key to your authenticator app, then enter the code it shows to turn two-factor authentication on.",
  enabled:
    "Two-factor authentication is on. Save these recovery codes somewhere safe: each one signs you in once if you lose your phone. They will not be shown again.",
  isOn: "Two-factor authentication is on: signing in needs a code from your authenticator app.",
  disabled: "Two-factor authentication is off.",
  alreadyOn: "Two-factor authentication is already on.",
  setupExpired: "Please start setting up two-factor authentication again.",
  passwordMissing: "Please enter your current password.",
} as const;

/** The digits of a one-time code as typed ("123 456" → "123456"); "" when it is not 6 digits. */
export function readTotpCode(value: string): string {
  const digits = value.replace(/[\s-]/g, "");
  return /^[0-9]{6}$/.test(digits) ? digits : "";
}

export type TwoFactorIntent = "totp-setup" | "totp-enable" | "totp-disable";

export type TwoFactorActionData =
  | { intent: "totp-setup"; ok: true; secret: string; uri: string }
  | { intent: "totp-setup"; ok: false; error: string }
  | { intent: "totp-enable"; ok: true; recoveryCodes: string[] }
  | { intent: "totp-enable"; ok: false; error: string; secret: string; uri: string }
  | { intent: "totp-disable"; ok: true }
  | { intent: "totp-disable"; ok: false; error: string };

export function isTwoFactorIntent(intent: unknown): intent is TwoFactorIntent {
  return intent === "totp-setup" || intent === "totp-enable" || intent === "totp-disable";
}

const currentPassword = () => text(required(twoFactorText.passwordMissing), { trim: false });

/** Starting the set-up needs the current password. */
export const totpSetupSchema = z.object({ currentPassword: currentPassword() });

/** Turning it on: the code the app shows (the key goes round with the form, for a retry). */
export const totpEnableSchema = z.object({
  secret: text(),
  uri: text(),
  code: text(z.string().refine((code) => readTotpCode(code) !== "", twoFactorText.codeInvalid)),
});

/** Turning it off: the password and a code (from the app, or a recovery code). */
export const totpDisableSchema = z.object({
  currentPassword: currentPassword(),
  code: text(required(twoFactorText.codeMissing)),
});
