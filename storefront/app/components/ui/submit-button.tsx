import type { ReactNode } from "react";

/**
 * A form's submit button. While the form is sending it stays focusable but says it is disabled
 * (aria-disabled, not disabled, so focus is not lost), and shows pendingLabel when one is given.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  primary = true,
  children,
}: {
  pending: boolean;
  pendingLabel?: ReactNode;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={primary ? "button button--primary auth-form__submit" : "button auth-form__submit"}
      aria-disabled={pending || undefined}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
