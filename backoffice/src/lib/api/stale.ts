import { formatDateTime } from "../format";
import { ApiError } from "./errors";

/**
 * staleMessage says who saved a newer revision and when, from a `stale_revision` refusal's
 * metadata (saved_by, saved_at), or null for any other error.
 */
export function staleMessage(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.reason !== "stale_revision") return null;
  const by = err.metadata.saved_by || "someone else";
  const at = err.metadata.saved_at ? formatDateTime(err.metadata.saved_at) : "an unknown time";
  return `Changed by ${by} at ${at} — reload`;
}
