// Accounts in the storefront: who is signed in (as the browser may see it), the schemas of the
// login, register, password and profile forms — checked in the page before sending, again by the
// route actions, and enforced by the API — and the texts those checks answer with.

import { required, text } from "~/lib/form-schema";
import { z } from "~/lib/zod";
import { isEmailAddress } from "./email";

/** The signed-in shopper as components see it: never the session token, never more than needed. */
export type SessionUser = { id: string; firstName: string; role: "customer" | "admin" };

/** OWASP ASVS minimum, the same in the page and the API (PRODUCT §6). */
export const passwordMinLength = 8;
export const passwordMaxLength = 200;
export const nameMaxLength = 100;

export const authText = {
  loginMissing: "Please enter both email and password",
  invalidCredentials: "Invalid credentials",
  allRequired: "All fields are required",
  passwordsDiffer: "Passwords do not match",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: `Password must be at most ${passwordMaxLength} characters`,
  invalidEmail: "Please enter a valid email address, like name@example.com.",
  nameTooLong: `Please keep your name to ${nameMaxLength} characters or fewer.`,
  registrationFailed: "Registration failed. Please try again.",
  emailTaken: "An account with this email already exists.",
  resetRequested: "If an account exists for that address, we've sent a link to reset your password.",
  resetDone: "Your password has been reset. Please sign in.",
  resetLinkInvalid: "This password reset link is invalid or has expired.",
  currentPasswordWrong: "Current password is incorrect",
  emailRequired: "Please enter your email address.",
  unavailable: "We could not reach our account service just now. Please try again in a moment.",
} as const;

const newPassword = (rules: z.ZodString = z.string()) =>
  text(
    rules.min(passwordMinLength, authText.passwordTooShort).max(passwordMaxLength, authText.passwordTooLong),
    { trim: false },
  );
const password = (rules: z.ZodString = z.string()) => text(rules, { trim: false });
const personName = () => text(required(authText.allRequired).max(nameMaxLength, authText.nameTooLong));
/** An e-mail address, required: the API's own rule (lib/email). */
export const emailAddress = (missing: string, invalid = authText.invalidEmail) =>
  text(required(missing).refine(isEmailAddress, invalid));

/** Sign in: both fields, nothing more (the API says whether they are right). */
export const loginSchema = z.object({
  email: text(required(authText.loginMissing)),
  password: password(required(authText.loginMissing)),
});

/** A new password typed twice (register, reset, change): long enough, and alike. */
function typedTwice<Shape extends z.ZodRawShape>(shape: Shape, passwordField: string, confirmField: string) {
  return z
    .object(shape)
    .refine(
      (v) => (v as Record<string, unknown>)[passwordField] === (v as Record<string, unknown>)[confirmField],
      {
        message: authText.passwordsDiffer,
        path: [confirmField],
      },
    );
}

export const registerSchema = typedTwice(
  {
    firstName: personName(),
    lastName: personName(),
    email: emailAddress(authText.allRequired),
    password: newPassword(required(authText.allRequired)),
    confirmPassword: password(required(authText.allRequired)),
  },
  "password",
  "confirmPassword",
);
export type RegisterValues = z.output<typeof registerSchema>;
export type RegisterField = keyof RegisterValues;

/** Choosing a new password with a reset link (the link's token is checked apart). */
export const resetPasswordSchema = typedTwice(
  { password: newPassword(), confirmPassword: password() },
  "password",
  "confirmPassword",
);
export type ResetPasswordField = keyof z.output<typeof resetPasswordSchema>;

export const forgotPasswordSchema = z.object({ email: emailAddress(authText.emailRequired) });

/** The account page's profile form (the current password is needed only to change the address). */
export const profileSchema = z.object({
  firstName: personName(),
  lastName: personName(),
  email: emailAddress(authText.allRequired),
  currentPassword: password(),
});
export type ProfileValues = Omit<z.output<typeof profileSchema>, "currentPassword">;
export type ProfileField = keyof z.output<typeof profileSchema>;

/** The account page's password form. */
export const passwordChangeSchema = typedTwice(
  {
    currentPassword: password(required(authText.allRequired)),
    newPassword: newPassword(required(authText.allRequired)),
    confirmPassword: password(required(authText.allRequired)),
  },
  "newPassword",
  "confirmPassword",
);
export type PasswordField = keyof z.output<typeof passwordChangeSchema>;
