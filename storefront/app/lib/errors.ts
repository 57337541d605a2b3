// Turning API failures into what a page shows. Connect errors carry a code and a message the API
// words for people; anything else is reported generically.
import { Code, ConnectError } from "@connectrpc/connect";

export function isNotFound(err: unknown): boolean {
  return err instanceof ConnectError && err.code === Code.NotFound;
}

/** The API's own message for a rejected request (bad input, out of stock…), else undefined. */
export function userMessage(err: unknown): string | undefined {
  if (!(err instanceof ConnectError)) return undefined;
  switch (err.code) {
    case Code.InvalidArgument:
    case Code.FailedPrecondition:
    case Code.NotFound:
    case Code.AlreadyExists:
    case Code.OutOfRange:
      return err.rawMessage;
    default:
      return undefined;
  }
}

/** A short description of any failure, for "Error: …" lines. */
export function describeError(err: unknown): string {
  if (err instanceof ConnectError) {
    return err.code === Code.Unavailable ? "the shop's API is unreachable" : err.rawMessage || Code[err.code];
  }
  if (err instanceof Error) return err.message;
  return String(err);
}
