// What the account page's two forms send and what the account action answers.
import { authText, formText, nameMaxLength, validateNewPassword } from "~/lib/auth";
import { isEmailAddress, maxEmailLength } from "~/lib/email";

export type ProfileValues = { firstName: string; lastName: string; email: string };
/** The profile form's fields: the values it keeps, and the current password (never kept). */
export type ProfileField = keyof ProfileValues | "currentPassword";
export type PasswordField = "currentPassword" | "newPassword" | "confirmPassword";

export type AccountActionData =
  | { intent: "profile"; ok: true; message: string }
  | { intent: "profile"; ok: false; error: string; fields: ProfileField[]; values: ProfileValues }
  | { intent: "password"; ok: true; message: string }
  | { intent: "password"; ok: false; error: string; fields: PasswordField[] };

export const accountText = {
  profileSaved: "Your details have been saved.",
  emailChanged: "Your details have been saved. As your email address changed, you have been signed out on your other devices.",
  passwordChanged: "Your password has been changed.",
  currentPasswordForEmail: "Please enter your current password to change your email address.",
  currentPasswordHint: "Needed only to change your email address.",
} as const;

export function readProfile(form: FormData): ProfileValues {
  return { firstName: formText(form, "firstName"), lastName: formText(form, "lastName"), email: formText(form, "email") };
}

/** The profile form's current password (needed by the API only when the e-mail address changes). */
export function readProfilePassword(form: FormData): string {
  return formText(form, "currentPassword", { trim: false });
}

export function validateProfile(v: ProfileValues): { error: string; fields: ProfileField[] } | null {
  const missing = (Object.keys(v) as (keyof ProfileValues)[]).filter((f) => !v[f]);
  if (missing.length > 0) return { error: authText.allRequired, fields: missing };
  if (v.firstName.length > nameMaxLength) return { error: authText.nameTooLong, fields: ["firstName"] };
  if (v.lastName.length > nameMaxLength) return { error: authText.nameTooLong, fields: ["lastName"] };
  if (v.email.length > maxEmailLength || !isEmailAddress(v.email)) return { error: authText.invalidEmail, fields: ["email"] };
  return null;
}

export type PasswordValues = Record<PasswordField, string>;

export function readPasswords(form: FormData): PasswordValues {
  return {
    currentPassword: formText(form, "currentPassword", { trim: false }),
    newPassword: formText(form, "newPassword", { trim: false }),
    confirmPassword: formText(form, "confirmPassword", { trim: false }),
  };
}

export function validatePasswords(v: PasswordValues): { error: string; fields: PasswordField[] } | null {
  const missing = (Object.keys(v) as PasswordField[]).filter((f) => !v[f]);
  if (missing.length > 0) return { error: authText.allRequired, fields: missing };
  const problem = validateNewPassword(v.newPassword, v.confirmPassword);
  if (problem) return { error: problem.message, fields: [problem.field === "password" ? "newPassword" : "confirmPassword"] };
  return null;
}
