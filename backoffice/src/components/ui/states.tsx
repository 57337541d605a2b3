import type { ReactNode } from "react";
import { Button } from "./button";
import "./states.css";

/** LoadingState says, in words, that something is on its way. */
export function LoadingState({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="state state--loading" role="status">
      <span className="state__spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** EmptyState is what a list shows when there is nothing in it, ideally with the way forward. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="state state--empty">
      <p>{children}</p>
      {action}
    </div>
  );
}

/** ErrorState shows why something could not be loaded, and a way to try again. */
export function ErrorState({ error, onRetry }: { error: Error; onRetry?: (() => void) | undefined }) {
  return (
    <div className="state state--error" role="alert">
      <p>{error.message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
