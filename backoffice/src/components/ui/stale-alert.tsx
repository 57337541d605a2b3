import { Alert } from "./alert";
import { Button } from "./button";

/**
 * StaleAlert answers a save refused because someone saved first (a `stale_revision` refusal,
 * worded by `staleMessage`): nothing was saved, and Reload fetches what is there now. It takes
 * focus when it appears, since the refused button may be a screen below it.
 */
export function StaleAlert({
  message,
  onReload,
  reloading,
}: {
  message: string;
  onReload: () => void;
  reloading?: boolean;
}) {
  return (
    <Alert title="Not saved" focusOnShow>
      <p>{message}</p>
      <Button variant="secondary" busy={reloading} onClick={onReload}>
        Reload
      </Button>
    </Alert>
  );
}
