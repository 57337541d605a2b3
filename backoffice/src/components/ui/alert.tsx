import type { ReactNode } from "react";
import "./alert.css";

/** Alert is a message in the page: an error (announced at once), a warning, or a notice. */
export function Alert({
  tone = "error",
  title,
  children,
}: {
  tone?: "error" | "warning" | "info" | "success";
  title?: string;
  children: ReactNode;
}) {
  return (
    <div className={`alert alert--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {title ? <p className="alert__title">{title}</p> : null}
      <div>{children}</div>
    </div>
  );
}
