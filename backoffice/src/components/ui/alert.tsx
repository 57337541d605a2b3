import { type ReactNode, useEffect, useRef } from "react";
import "./alert.css";

export type AlertProps = {
  tone?: "error" | "warning" | "info" | "success";
  title?: string;
  /**
   * Move focus to the alert (and so scroll to it) when it appears: for the answer to the admin's
   * own action, e.g. a save refused because someone else saved first, shown far above the button.
   */
  focusOnShow?: boolean;
  children: ReactNode;
};

/** Alert is a message in the page: an error (announced at once), a warning, or a notice. */
export function Alert({ tone = "error", title, focusOnShow = false, children }: AlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusOnShow) ref.current?.focus();
  }, [focusOnShow]);
  return (
    <div
      ref={ref}
      className={`alert alert--${tone}`}
      role={tone === "error" ? "alert" : "status"}
      tabIndex={focusOnShow ? -1 : undefined}
    >
      {title ? <p className="alert__title">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
