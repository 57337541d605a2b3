/**
 * ApiError is every refusal of the admin API, read from its one error shape (a google.rpc.Status:
 * code, message, details). Screens decide on `reason` (ErrorInfo's stable reason), never on the
 * message text, which is for people.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly reason: string;
  readonly metadata: Readonly<Record<string, string>>;
  /** Field violations by the request's field name (snake_case, as in the contract). */
  readonly fields: Readonly<Record<string, string>>;

  constructor(init: {
    status: number;
    message: string;
    reason: string;
    metadata?: Record<string, string>;
    fields?: Record<string, string>;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.reason = init.reason;
    this.metadata = init.metadata ?? {};
    this.fields = init.fields ?? {};
  }
}

const errorInfoType = "type.googleapis.com/google.rpc.ErrorInfo";
const badRequestType = "type.googleapis.com/google.rpc.BadRequest";

type Detail = {
  "@type"?: string;
  reason?: string;
  metadata?: Record<string, string>;
  field_violations?: Violation[];
};
type Violation = { field?: string; description?: string };

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

/** apiErrorOf reads a refusal's body; a body that is not the API's shape still gives an error. */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const message =
    isRecord(body) && typeof body.message === "string" && body.message !== ""
      ? body.message
      : `The request failed (HTTP ${status}).`;
  const details: Detail[] = isRecord(body) && Array.isArray(body.details) ? (body.details as Detail[]) : [];
  const info = details.find((d) => d["@type"] === errorInfoType);
  const fields: Record<string, string> = {};
  for (const d of details) {
    if (d["@type"] !== badRequestType) continue;
    for (const v of d.field_violations ?? []) {
      if (v.field && v.description && !(v.field in fields)) fields[v.field] = v.description;
    }
  }
  const metadata = info?.metadata ?? {};
  // An error about one field that came without a BadRequest detail still names its field.
  if (metadata.field && !(metadata.field in fields)) fields[metadata.field] = message;
  return new ApiError({ status, message, reason: info?.reason ?? "unknown", metadata, fields });
}

/** networkError is what a request that never got an answer becomes. */
export function networkError(cause: unknown): ApiError {
  const e = new ApiError({
    status: 0,
    message: "The back office cannot reach the shop's API. Check your connection and try again.",
    reason: "network",
  });
  e.cause = cause;
  return e;
}

/** isUnauthenticated reports an answer that means the session is gone (expired, revoked, signed out). */
export function isUnauthenticated(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}
