// The e-mail and password fields the sign-in, registration and account forms share, so each
// keeps the same label, autocomplete hint and length limit everywhere.
import { nameMaxLength, passwordMaxLength } from "~/lib/models/auth";
import { maxEmailLength } from "~/lib/models/email";
import { TextField, type TextFieldProps } from "./field";

type Shared = Pick<TextFieldProps, "invalid" | "errorId">;

export function EmailField({ defaultValue, ...rest }: Shared & { defaultValue?: string }) {
  return (
    <TextField
      name="email"
      label="Email"
      type="email"
      autoComplete="email"
      maxLength={maxEmailLength}
      defaultValue={defaultValue}
      {...rest}
    />
  );
}

/** The password the account already has, asked for before a sensitive change. */
export function CurrentPasswordField(props: Shared & Pick<TextFieldProps, "required" | "hint">) {
  return (
    <TextField
      name="currentPassword"
      label="Current Password"
      type="password"
      autoComplete="current-password"
      maxLength={passwordMaxLength}
      {...props}
    />
  );
}

/** A new password and its confirmation; `name` is the new password's field name. */
export function NewPasswordFields({
  name,
  invalid,
  errorId,
}: {
  name: string;
  invalid: (field: string) => boolean;
  errorId: string;
}) {
  return (
    <>
      <TextField
        name={name}
        label="New Password"
        type="password"
        autoComplete="new-password"
        maxLength={passwordMaxLength}
        hint="At least 8 characters."
        invalid={invalid(name)}
        errorId={errorId}
      />
      <TextField
        name="confirmPassword"
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        maxLength={passwordMaxLength}
        invalid={invalid("confirmPassword")}
        errorId={errorId}
      />
    </>
  );
}

const nameParts = [
  { name: "firstName", label: "First Name", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", autoComplete: "family-name" },
] as const;

/** First and last name side by side, kept from the last answer when there is one. */
export function NameFields({
  values,
  invalid,
  errorId,
}: {
  values: { firstName?: string; lastName?: string } | undefined;
  invalid: (field: "firstName" | "lastName") => boolean;
  errorId: string;
}) {
  return (
    <div className="auth-form__pair">
      {nameParts.map(({ name, label, autoComplete }) => (
        <TextField
          key={name}
          name={name}
          label={label}
          autoComplete={autoComplete}
          maxLength={nameMaxLength}
          defaultValue={values?.[name]}
          invalid={invalid(name)}
          errorId={errorId}
        />
      ))}
    </div>
  );
}
