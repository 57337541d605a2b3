import type { ButtonHTMLAttributes } from "react";
import "./button.css";

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: "primary" | "secondary" | "danger" | "quiet";
  /** While true the button is disabled and says it is busy (aria-busy), e.g. while saving. */
  busy?: boolean;
};

/** Button is every button of the back office; `type` defaults to "button", never an accidental submit. */
export function Button({
  variant = "primary",
  busy = false,
  className,
  type = "button",
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={["button", `button--${variant}`, className].filter(Boolean).join(" ")}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    />
  );
}
