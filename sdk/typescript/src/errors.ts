// The API's one error shape: every refusal is an HTTP status with a google.rpc.Status body whose
// details hold an ErrorInfo. Programs decide on its `reason` (stable snake_case), never on the
// message text, which may change.
import type { components } from "./schema.gen.js";

/** Status is the body of every error answer. */
export type Status = components["schemas"]["google.rpc.Status"];
/** ErrorInfo carries the stable reason of an error. */
export type ErrorInfo = components["schemas"]["google.rpc.ErrorInfo"];
/** FieldViolation names one field of an invalid request. */
export type FieldViolation = components["schemas"]["google.rpc.BadRequest"]["field_violations"][number];

const errorInfoType = "type.googleapis.com/google.rpc.ErrorInfo";
const badRequestType = "type.googleapis.com/google.rpc.BadRequest";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * AtelierError is a refusal from the API (or `network` when no answer came). `reason` is the
 * ErrorInfo reason to branch on, e.g. `out_of_stock`; `status` the HTTP status (0 for none).
 */
export class AtelierError extends Error {
  override readonly name = "AtelierError";
  /** The HTTP status, or 0 when the request got no answer. */
  readonly status: number;
  /** The google.rpc.Code of the body (3 invalid argument, 5 not found, …), when there was one. */
  readonly code: number | undefined;
  /** ErrorInfo's stable reason; `network` for no answer, `unknown` for a body of another shape. */
  readonly reason: string;
  /** ErrorInfo's metadata: facts about the failure (a field, who saved last, …). */
  readonly metadata: Readonly<Record<string, string>>;
  /** For invalid requests: which fields were at fault, and why. */
  readonly fieldViolations: readonly FieldViolation[];
  /** The raw body, for logging. */
  readonly body: unknown;

  constructor(status: number, body: unknown, cause?: unknown) {
    const message =
      isRecord(body) && typeof body.message === "string" && body.message !== ""
        ? body.message
        : status === 0
          ? "The request got no answer."
          : `The request failed (HTTP ${status}).`;
    super(message, cause === undefined ? undefined : { cause });
    this.status = status;
    this.body = body;
    this.code = isRecord(body) && typeof body.code === "number" ? body.code : undefined;
    const details = isRecord(body) && Array.isArray(body.details) ? body.details.filter(isRecord) : [];
    const info = details.find((d) => d["@type"] === errorInfoType);
    this.reason =
      status === 0
        ? "network"
        : typeof info?.reason === "string" && info.reason !== ""
          ? info.reason
          : "unknown";
    this.metadata = isRecord(info?.metadata) ? stringsOf(info.metadata) : {};
    this.fieldViolations = details
      .filter((d) => d["@type"] === badRequestType && Array.isArray(d.field_violations))
      .flatMap((d) => (d.field_violations as unknown[]).filter(isRecord))
      .map((v) => ({ field: String(v.field ?? ""), description: String(v.description ?? "") }));
  }
}

function stringsOf(record: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === "string") out[key] = value;
  }
  return out;
}

/** errorReason is the ErrorInfo reason of an error body (or of an AtelierError), if it has one. */
export function errorReason(error: unknown): string | undefined {
  if (error instanceof AtelierError) return error.reason;
  const reason = new AtelierError(400, error).reason;
  return reason === "unknown" ? undefined : reason;
}

/** isAtelierError says whether error is an AtelierError, and with `reason`, whether it has that reason. */
export function isAtelierError(error: unknown, reason?: string): error is AtelierError {
  return error instanceof AtelierError && (reason === undefined || error.reason === reason);
}
