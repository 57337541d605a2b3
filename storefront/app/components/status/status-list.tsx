// The checks of the status page, each with its state as an icon and as words (never colour
// alone) and what was found.
import type { CheckState, CheckView } from "~/lib/models/status-report";

const stateLabels: Record<CheckState, string> = {
  pending: "Checking…",
  success: "OK",
  error: "Error",
  not_configured: "Not configured",
};

export function StatusList({ checks, busy = false }: { checks: CheckView[]; busy?: boolean }) {
  return (
    <ul className="status-list" aria-busy={busy || undefined} aria-label="Checks">
      {checks.map((check) => (
        <li key={check.code} className={`status-check status-check--${check.state}`}>
          <StatusIcon state={check.state} />
          <div className="status-check__body">
            <p className="status-check__name">{check.name}</p>
            {check.message && <p className="status-check__message">{check.message}</p>}
          </div>
          <p className="status-check__state">{stateLabels[check.state]}</p>
        </li>
      ))}
    </ul>
  );
}

function StatusIcon({ state }: { state: CheckState }) {
  return (
    <svg
      className="status-check__icon"
      viewBox="0 0 24 24"
      width="28"
      height="28"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10.5" className="status-check__ring" />
      {state === "pending" && (
        <path d="M12 1.5a10.5 10.5 0 0 1 10.5 10.5" className="status-check__spinner" />
      )}
      {state === "success" && <path d="m7.5 12.5 3 3 6-7" />}
      {state === "error" && <path d="m8.5 8.5 7 7m0-7-7 7" />}
      {state === "not_configured" && <path d="M8 12h8" />}
    </svg>
  );
}
