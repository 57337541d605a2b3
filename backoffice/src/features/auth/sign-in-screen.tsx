import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { LoadingState } from "~/components/ui/states";
import { useApi } from "~/lib/api/api-context";
import { unwrap } from "~/lib/api/client";
import { ApiError } from "~/lib/api/errors";
import { safeNext } from "~/lib/safe-next";
import { canUseBackOffice, startSession, useSession } from "~/lib/session";
import "./sign-in-screen.css";

/** The sign-in form's schema: what the form checks before the API does. */
export const signInSchema = z.object({
  email: z.email("Enter your e-mail address."),
  password: z.string().min(1, "Enter your password."),
  totp_code: z
    .string()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app.")
    .optional(),
});

type Errors = Partial<Record<"email" | "password" | "totp_code" | "form", string>>;

/**
 * SignInScreen signs an admin in. The API sets the session as an HttpOnly cookie and answers
 * without the token, so nothing here ever holds it. A customer's account is refused by the API
 * (reason admin_only); an account with two-factor authentication is asked for its code.
 */
export default function SignInScreen() {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const session = useSession();
  const [needsCode, setNeedsCode] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  if (session.isPending) return <LoadingState label="Loading..." />;
  if (canUseBackOffice(session.data)) return <Navigate to={next} replace />;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const parsed = signInSchema.safeParse({
      email: String(form.get("email") ?? "").trim(),
      password: String(form.get("password") ?? ""),
      totp_code: needsCode ? String(form.get("totp_code") ?? "").trim() : undefined,
    });
    if (!parsed.success) {
      const fieldErrors: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        fieldErrors[key] ??= issue.message;
      }
      setErrors(fieldErrors);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const res = await unwrap(api.POST("/api/v1/auth/login", { body: parsed.data }));
      startSession(queryClient, res.user ?? null);
      navigate(next, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.reason === "totp_required") {
        setNeedsCode(true);
        setErrors({ form: "Enter the code from your authenticator app to finish signing in." });
      } else if (err instanceof ApiError && err.reason === "admin_only") {
        setErrors({ form: "This account cannot use the back office. Sign in with an admin account." });
      } else {
        setErrors({ form: err instanceof Error ? err.message : "Signing in failed." });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in" id="main">
      <title>Sign in · Atelier back office</title>
      <div className="sign-in__card">
        <p className="sign-in__brand">Atelier London</p>
        <h1>Back office</h1>
        <p className="sign-in__lead">Sign in with your admin account.</p>
        {errors.form ? <Alert tone={needsCode ? "info" : "error"}>{errors.form}</Alert> : null}
        <form onSubmit={submit} noValidate>
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="username"
            required
            error={errors.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          {needsCode ? (
            <TextField
              label="Authentication code"
              name="totp_code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              error={errors.totp_code}
            />
          ) : null}
          <Button type="submit" busy={busy} className="sign-in__submit">
            Sign in
          </Button>
        </form>
      </div>
    </main>
  );
}
