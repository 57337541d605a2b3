// The API's structured refusals: a Connect error carries a google.rpc.ErrorInfo detail with a
// stable `reason` and `metadata` (e.g. field "shipping_address.postcode", product_id, available).
// Pages act on these, never on the wording — except where the contract says the message is meant
// to be shown (validation and card messages).
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { ConnectError } from "@connectrpc/connect";

export type ErrorInfo = { reason: string | undefined; metadata: Record<string, string> };

/** The reason and metadata of the API's ErrorInfo detail (empty when it sent none). */
export function errorInfo(err: unknown): ErrorInfo {
  const info: ErrorInfo = { reason: undefined, metadata: {} };
  if (!(err instanceof ConnectError)) return info;
  for (const detail of err.details) {
    if (!("type" in detail) || detail.type !== "google.rpc.ErrorInfo") continue;
    try {
      const reader = new BinaryReader(detail.value);
      while (reader.pos < reader.len) {
        const [field, wireType] = reader.tag();
        if (field === 1 && wireType === WireType.LengthDelimited) info.reason = reader.string();
        else if (field === 3 && wireType === WireType.LengthDelimited) {
          // map<string, string> metadata: each entry is a message {1: key, 2: value}.
          const entry = new BinaryReader(reader.bytes());
          let key = "";
          let value = "";
          while (entry.pos < entry.len) {
            const [f, w] = entry.tag();
            if (f === 1 && w === WireType.LengthDelimited) key = entry.string();
            else if (f === 2 && w === WireType.LengthDelimited) value = entry.string();
            else entry.skip(w, f);
          }
          if (key) info.metadata[key] = value;
        } else reader.skip(wireType, field);
      }
    } catch {
      return info;
    }
    return info;
  }
  return info;
}
