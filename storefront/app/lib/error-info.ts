// The API's structured refusals: a Connect error carries a google.rpc.ErrorInfo detail with a
// stable `reason` and `metadata` (e.g. product_id, available), and a validation refusal a
// google.rpc.BadRequest naming the request field (by its proto name, "shipping_address.postcode").
// Pages act on these, never on the wording — except where the contract says the message is meant
// to be shown (validation and card messages). The details are decoded by Connect-ES with the
// generated google.rpc types.
import { ConnectError } from "@connectrpc/connect";
import { BadRequestSchema, ErrorInfoSchema } from "~/gen/google/rpc/error_details_pb";

export type ErrorInfo = { reason: string | undefined; metadata: Record<string, string> };

/** The reason and metadata of the API's ErrorInfo detail (empty when it sent none). */
export function errorInfo(err: unknown): ErrorInfo {
  if (!(err instanceof ConnectError)) return { reason: undefined, metadata: {} };
  const [info] = err.findDetails(ErrorInfoSchema);
  return { reason: info?.reason || undefined, metadata: { ...info?.metadata } };
}

export type FieldViolation = { field: string; description: string };

/**
 * The request fields a validation refusal names (BadRequest's field violations, by proto field
 * path), falling back on ErrorInfo's `field` metadata; empty for any other error.
 */
export function fieldViolations(err: unknown): FieldViolation[] {
  if (!(err instanceof ConnectError)) return [];
  const violations = err
    .findDetails(BadRequestSchema)
    .flatMap((bad) => bad.fieldViolations.map(({ field, description }) => ({ field, description })));
  if (violations.length > 0) return violations;
  const { field } = errorInfo(err).metadata;
  return field ? [{ field, description: err.rawMessage }] : [];
}
