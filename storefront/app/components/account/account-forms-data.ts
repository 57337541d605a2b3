// What the account action answers to the account page's two forms (their schemas are in lib/auth).
import type { PasswordField, ProfileField, ProfileValues } from "~/lib/models/auth";

export type { PasswordField, ProfileField, ProfileValues };

export type AccountActionData =
  | { intent: "profile"; ok: true; message: string }
  | { intent: "profile"; ok: false; error: string; fields: ProfileField[]; values: ProfileValues }
  | { intent: "password"; ok: true; message: string }
  | { intent: "password"; ok: false; error: string; fields: PasswordField[] };

export const accountText = {
  profileSaved: "Your details have been saved.",
  emailChanged:
    "Your details have been saved. As your email address changed, you have been signed out on your other devices.",
  passwordChanged: "Your password has been changed.",
  currentPasswordForEmail: "Please enter your current password to change your email address.",
  currentPasswordHint: "Needed only to change your email address.",
} as const;
