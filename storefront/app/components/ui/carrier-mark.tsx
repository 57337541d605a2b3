// A small drawn monogram for a delivery carrier. The shop draws its own marks rather than
// reproducing carriers' logos, so any carrier the API lists gets one.
import { LineIcon } from "./line-icon";

/** "Royal Mail" → "RM", "DPD" → "DPD", "FedEx" → "FE", "Hermes" → "H". */
export function carrierMonogram(carrier: string): string {
  const words = carrier.split(/[\s&/-]+/).filter(Boolean);
  const [first] = words;
  if (!first) return "";
  if (words.length > 1)
    return words
      .slice(0, 2)
      .map((w) => w.charAt(0).toUpperCase())
      .join("");
  if (first.length <= 3 && first === first.toUpperCase()) return first;
  const capitals = first.replace(/[^A-Z]/g, "");
  return capitals.length >= 2 ? capitals.slice(0, 3) : first.charAt(0).toUpperCase();
}

/** Decorative: the carrier's name is always written beside it. */
export function CarrierMark({ carrier }: { carrier: string }) {
  const letters = carrierMonogram(carrier);
  const size = letters.length >= 3 ? 11 : letters.length === 2 ? 13 : 16;
  return (
    <LineIcon className="carrier-mark" size={36} box={36} strokeWidth={1}>
      <circle cx="18" cy="18" r="17" />
      <circle cx="18" cy="18" r="14" strokeWidth="0.5" opacity="0.5" />
      <text
        x="18"
        y="18"
        textAnchor="middle"
        dominantBaseline="central"
        fontSize={size}
        letterSpacing="0.5"
        fill="currentColor"
        stroke="none"
      >
        {letters}
      </text>
    </LineIcon>
  );
}
