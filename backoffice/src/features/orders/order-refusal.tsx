import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ApiError } from "~/lib/api/errors";
import { formatMinor } from "~/lib/format";

/**
 * refusalTitle says in a few words why the API refused a move, decided on the refusal's reason
 * (never its message, which is shown under it for the details).
 */
export function refusalTitle(err: unknown): string {
  if (!(err instanceof ApiError)) return "Something went wrong";
  switch (err.reason) {
    case "invalid_transition":
      return "This order has moved on: reload";
    case "refund_exceeds_refundable": {
      const most = err.metadata.refundable_minor_units;
      return most !== undefined
        ? `At most ${formatMinor(Number(most))} can be refunded now`
        : "More than can be refunded";
    }
    case "idempotency_key_reused":
      return "Already sent with other details: close and try again";
    case "not_found":
      return "This order no longer exists";
    default:
      return "The order was not changed";
  }
}

/**
 * MoveRefusal shows a refused move in its dialog. A refusal about a field is shown on that field
 * instead (the caller passes `fields` it shows), so only the rest appears here. When the order
 * has moved on, it offers to reload it.
 */
export function MoveRefusal({
  error,
  fields = [],
  onReload,
}: {
  error: unknown;
  fields?: string[];
  onReload?: () => void;
}) {
  if (!error) return null;
  if (error instanceof ApiError && fields.some((f) => f in error.fields)) return null;
  const message = error instanceof Error ? error.message : String(error);
  const moved = error instanceof ApiError && error.reason === "invalid_transition";
  return (
    <Alert title={refusalTitle(error)}>
      <p>{message}</p>
      {moved && onReload ? (
        <Button variant="secondary" onClick={onReload}>
          Reload the order
        </Button>
      ) : null}
    </Alert>
  );
}

/** fieldError is the API's refusal of one field of the request, when that is what it refused. */
export function fieldError(error: unknown, field: string): string | undefined {
  return error instanceof ApiError ? error.fields[field] : undefined;
}
