// The marks of the card schemes (and wallet) the shop accepts, drawn as small inline SVG images:
// each an image (role="img") named by its scheme, so a screen reader reads "Visa", not letters in a
// box. Drawn in the schemes' own colours on a white card, the way shoppers know them.
import type { ReactNode } from "react";

export type CardScheme = "visa" | "mastercard" | "amex" | "apple_pay";

const schemeNames: Record<CardScheme, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  apple_pay: "Apple Pay",
};

/** What the shop accepts, in the order shown. */
export const acceptedSchemes: readonly CardScheme[] = ["visa", "mastercard", "amex", "apple_pay"];

function Card({
  scheme,
  children,
  fill = "#fff",
}: {
  scheme: CardScheme;
  children: ReactNode;
  fill?: string;
}) {
  return (
    <svg
      className="card-mark"
      role="img"
      aria-label={schemeNames[scheme]}
      viewBox="0 0 48 32"
      width="48"
      height="32"
      focusable="false"
    >
      <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill={fill} stroke="#d8cdbf" />
      {children}
    </svg>
  );
}

const wordmark = { fontFamily: "Helvetica, Arial, sans-serif", fontWeight: 700 } as const;

export function CardMark({ scheme }: { scheme: CardScheme }) {
  switch (scheme) {
    case "visa":
      return (
        <Card scheme="visa">
          <text
            x="24"
            y="21"
            textAnchor="middle"
            fontSize="14"
            fontStyle="italic"
            fill="#1a1f71"
            {...wordmark}
          >
            VISA
          </text>
        </Card>
      );
    case "mastercard":
      return (
        <Card scheme="mastercard">
          <circle cx="19" cy="16" r="9" fill="#eb001b" />
          <circle cx="29" cy="16" r="9" fill="#f79e1b" />
          <path d="M24 8.4a9 9 0 0 1 0 15.2a9 9 0 0 1 0-15.2z" fill="#ff5f00" />
        </Card>
      );
    case "amex":
      return (
        <Card scheme="amex" fill="#006fcf">
          <text
            x="24"
            y="20.5"
            textAnchor="middle"
            fontSize="11"
            letterSpacing="0.5"
            fill="#fff"
            {...wordmark}
          >
            AMEX
          </text>
        </Card>
      );
    case "apple_pay":
      return (
        <Card scheme="apple_pay">
          <path
            d="M15.6 11.2c.5-.6.8-1.4.7-2.2-.7 0-1.6.5-2.1 1.1-.5.5-.9 1.3-.8 2.1.8.1 1.6-.4 2.2-1zm.7 1.2c-1.2-.1-2.2.7-2.8.7-.6 0-1.4-.6-2.4-.6-1.2 0-2.3.7-3 1.8-1.3 2.2-.3 5.5.9 7.3.6.9 1.3 1.8 2.3 1.8.9 0 1.3-.6 2.4-.6s1.4.6 2.4.6c1 0 1.6-.9 2.2-1.8.7-1 1-2 1-2.1 0 0-1.9-.7-1.9-2.9 0-1.8 1.5-2.7 1.6-2.7-.9-1.3-2.2-1.4-2.7-1.5z"
            fill="#000"
          />
          <text x="20.5" y="21" fontSize="11" fill="#000" {...wordmark} fontWeight={500}>
            Pay
          </text>
        </Card>
      );
  }
}

/** The accepted schemes as a list of marks; `label` names the list. */
export function CardMarks({
  label = "Accepted payment methods",
  className = "",
}: {
  label?: string;
  className?: string;
}) {
  return (
    <ul className={`card-marks ${className}`} aria-label={label}>
      {acceptedSchemes.map((scheme) => (
        <li key={scheme}>
          <CardMark scheme={scheme} />
        </li>
      ))}
    </ul>
  );
}
