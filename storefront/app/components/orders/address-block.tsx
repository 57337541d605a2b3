import type { AddressView } from "~/lib/models/orders";

/** A postal address as it is written on an envelope. */
export function AddressBlock({ address }: { address: AddressView }) {
  return (
    <address className="address-block">
      {address.name && <span className="address-block__name">{address.name}</span>}
      {address.lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: address lines can repeat and never reorder.
        <span key={i}>{line}</span>
      ))}
    </address>
  );
}
