// Create an account: name, e-mail and a password typed twice. The rules are checked in the page
// (once hydrated), again here, and enforced by the API. Success signs the shopper in — session
// cookie, guest cart and wishlist merged — and goes to the home page.
import { Code } from "@connectrpc/connect";
import { data, Form, Link, redirect } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { FormAlert } from "~/components/account/form-alert";
import { useCheckedSubmit } from "~/components/account/use-checked-submit";
import { NameFields } from "~/components/ui/account-fields";
import { TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import type { Session } from "~/gen/atelier/store/v1/auth_service_pb";
import { formCheck, inputText, parseForm } from "~/lib/form-schema";
import { usePendingSubmission } from "~/lib/hooks/use-pending-submission";
import {
  authText,
  passwordMaxLength,
  type RegisterField,
  type RegisterValues,
  registerSchema,
} from "~/lib/models/auth";
import { maxEmailLength } from "~/lib/models/email";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import {
  errorReason,
  isCode,
  sessionAccount,
  startSession,
  throttledMessage,
} from "~/lib/server/session.server";
import "~/styles/pages/auth.css";
import type { Route } from "./+types/register";

type Kept = Pick<RegisterValues, "firstName" | "lastName" | "email">;
export type RegisterActionData = { error: string; fields: RegisterField[]; values: Kept };

const checkRegistration = formCheck<RegisterField>(registerSchema);

export async function loader({ context }: Route.LoaderArgs) {
  if (sessionAccount(context)) throw redirect("/");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = parseForm<typeof registerSchema, RegisterField>(registerSchema, await request.formData());
  const kept: Kept = parsed.ok
    ? { firstName: parsed.values.firstName, lastName: parsed.values.lastName, email: parsed.values.email }
    : {
        firstName: inputText(parsed.input, "firstName"),
        lastName: inputText(parsed.input, "lastName"),
        email: inputText(parsed.input, "email"),
      };
  const refuse = (error: string, fields: RegisterField[], status: number) =>
    data<RegisterActionData>({ error, fields, values: kept }, { status });
  if (!parsed.ok) return refuse(parsed.problem.message, parsed.problem.fields, 400);
  const values = parsed.values;

  const client = api(context);
  let session: Session;
  try {
    const answer = await client.auth.register({
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      password: values.password,
    });
    if (!answer.session?.token) throw new Error("Register answered without a session");
    session = answer.session;
  } catch (err) {
    const reason = errorReason(err);
    if (reason === "email_taken" || isCode(err, Code.AlreadyExists))
      return refuse(authText.emailTaken, ["email"], 409);
    if (isCode(err, Code.ResourceExhausted))
      return refuse(throttledMessage(err, "registration attempts"), [], 429);
    if (reason === "password_too_short") return refuse(authText.passwordTooShort, ["password"], 400);
    console.error("register failed", err);
    return refuse(authText.registrationFailed, [], isCode(err, Code.InvalidArgument) ? 400 : 503);
  }
  // Signed in. The answer is made outside the try above: a problem here is not an API outage.
  return redirect("/", { headers: await startSession(client, request, session) });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Create an Account",
    description:
      "Create your Atelier London account: a faster checkout, your order history and a wishlist that follows you.",
    origin: originFrom(matches),
    path: "/register",
    noindex: true,
  });
}

const errorId = "register-error";

export default function RegisterRoute({ actionData }: Route.ComponentProps) {
  const pending = usePendingSubmission("/register");
  const { clientProblem, onSubmit } = useCheckedSubmit(pending, checkRegistration);
  const clientError = clientProblem && { error: clientProblem.message, fields: clientProblem.fields };
  const problem = clientError ?? (pending ? null : actionData);
  const invalid = (f: RegisterField) => Boolean(problem?.fields.includes(f));
  const kept = actionData?.values;

  const field = (
    name: RegisterField,
    label: string,
    autoComplete: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      name={name}
      label={label}
      autoComplete={autoComplete}
      invalid={invalid(name)}
      errorId={errorId}
      defaultValue={
        name === "firstName" || name === "lastName" || name === "email" ? kept?.[name] : undefined
      }
      {...extra}
    />
  );

  return (
    <AuthLayout
      eyebrow="Join Atelier London"
      title="Create an Account"
      intro="A faster checkout, your order history, and a wishlist that follows you."
      footer={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      <Form method="post" action="/register" className="auth-form" noValidate onSubmit={onSubmit}>
        <FormAlert id={errorId} message={problem?.error} focusKey={clientProblem ?? actionData} />
        <NameFields values={kept} invalid={invalid} errorId={errorId} />
        {field("email", "Email", "email", { type: "email", maxLength: maxEmailLength })}
        {field("password", "Password", "new-password", {
          type: "password",
          maxLength: passwordMaxLength,
          hint: "At least 8 characters.",
        })}
        {field("confirmPassword", "Confirm Password", "new-password", {
          type: "password",
          maxLength: passwordMaxLength,
        })}
        <SubmitButton pending={pending} pendingLabel="Creating your account…">
          Create Account
        </SubmitButton>
      </Form>
    </AuthLayout>
  );
}
