import type { StatusStepView } from "~/lib/models/orders";

/**
 * The order's history, oldest first, as an ordered list: each status the order has had and when.
 * The latest step is marked as the current one.
 */
export function StatusTimeline({ steps }: { steps: StatusStepView[] }) {
  if (steps.length === 0) return null;
  const last = steps.length - 1;
  return (
    <ol className="status-timeline" aria-label="Order status history">
      {steps.map((step, i) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: a status can recur at the same second; the history only grows at its end.
          key={`${step.status}-${step.atIso}-${i}`}
          className={`status-timeline__step${i === last ? " status-timeline__step--current" : ""}`}
          aria-current={i === last ? "step" : undefined}
        >
          <span className="status-timeline__dot" aria-hidden="true" />
          <span className="status-timeline__label">{step.label}</span>
          {step.at && (
            <time className="status-timeline__time" dateTime={step.atIso}>
              {step.at}
            </time>
          )}
        </li>
      ))}
    </ol>
  );
}
