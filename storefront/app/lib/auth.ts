// Accounts in the storefront: who is signed in (as the browser may see it), the rules the login,
// register and password forms check in the page before sending — the route actions check them
// again, and the API enforces them — and the texts those checks answer with.
import { isEmailAddress, maxEmailLength } from "./email";

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

/** The text of a submitted field, trimmed unless it is a password (spaces are part of those). */
export function formText(form: FormData, name: string, opts: { trim?: boolean } = {}): string {
  const value = form.get(name);
  if (typeof value !== "string") return "";
  return opts.trim === false ? value : value.trim();
}

export type LoginValues = { email: string; password: string };

export function validateLogin(v: LoginValues): string | null {
  return v.email && v.password ? null : authText.loginMissing;
}

export type RegisterValues = { firstName: string; lastName: string; email: string; password: string; confirmPassword: string };
export type RegisterField = keyof RegisterValues;

/** The first problem with a registration, and which fields it concerns; null when it may be sent. */
export function validateRegistration(v: RegisterValues): { message: string; fields: RegisterField[] } | null {
  const missing = (Object.keys(v) as RegisterField[]).filter((f) => !v[f]);
  if (missing.length > 0) return { message: authText.allRequired, fields: missing };
  if (v.firstName.length > nameMaxLength) return { message: authText.nameTooLong, fields: ["firstName"] };
  if (v.lastName.length > nameMaxLength) return { message: authText.nameTooLong, fields: ["lastName"] };
  if (v.email.length > maxEmailLength || !isEmailAddress(v.email)) return { message: authText.invalidEmail, fields: ["email"] };
  const password = validateNewPassword(v.password, v.confirmPassword);
  if (password) return { message: password.message, fields: password.field === "password" ? ["password"] : ["confirmPassword"] };
  return null;
}

/** The rules for any new password (register, reset, change): long enough, and typed twice alike. */
export function validateNewPassword(password: string, confirm: string): { message: string; field: "password" | "confirm" } | null {
  if (password.length < passwordMinLength) return { message: authText.passwordTooShort, field: "password" };
  if (password.length > passwordMaxLength) return { message: authText.passwordTooLong, field: "password" };
  if (password !== confirm) return { message: authText.passwordsDiffer, field: "confirm" };
  return null;
}

/**
 * Where to go after signing in: only a path on this shop ("/account", "/shop?category=x"), never
 * another site ("//evil.test", "https://…", "/\\evil.test") and never back to a sign-in page.
 * The answer is the path as the URL parser normalises it — percent-encoded, so it is always a
 * valid Location header (a raw "/\u2028" would make the redirect itself throw, after the API had
 * already signed the shopper in).
 */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\") || /[\u0000-\u001f\u007f]/.test(path)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(path, "http://shop.invalid");
  } catch {
    return fallback;
  }
  // A path that resolves to another origin (through any trick the checks above missed) is refused.
  if (resolved.origin !== "http://shop.invalid") return fallback;
  const normalized = resolved.pathname + resolved.search + resolved.hash;
  // "/.//evil.test" normalises to "//evil.test", which a browser reads as another site.
  if (!normalized.startsWith("/") || normalized.startsWith("//")) return fallback;
  if (authPaths.has(comparablePath(resolved.pathname))) return fallback;
  return normalized;
}

/** A path as the router matches it: decoded, lower case, without a trailing slash. */
function comparablePath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // Compared as it is.
  }
  return path.toLowerCase().replace(/\/+$/, "") || "/";
}

/** The account pages a shopper is never sent back to after signing in. */
const authPaths = new Set(["/login", "/register", "/logout", "/forgot-password", "/reset-password"]);

/** The login page that returns to `path` afterwards (plain /login from the sign-in pages themselves). */
export function loginHref(path: string): string {
  const target = safeRedirect(path, "");
  return target && target !== "/" ? `/login?${new URLSearchParams({ redirectTo: target })}` : "/login";
}
