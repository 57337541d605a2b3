import "./status-badge.css";

/** StatusBadge names a state in words (never colour alone), tinted by its tone. */
export function StatusBadge({
  tone = "neutral",
  children,
}: {
  tone?: "neutral" | "good" | "warning" | "bad" | "info";
  children: string;
}) {
  return <span className={`status-badge status-badge--${tone}`}>{children}</span>;
}
