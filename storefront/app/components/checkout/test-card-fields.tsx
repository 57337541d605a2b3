import { TextField } from "~/components/ui/field";
import { checkoutField, type FieldStates } from "./field-state";

/** The test card's fields: label, browser autofill hint, length, and the name errors give them. */
const cardFields = {
  cardNumber: { label: "Card number", errorLabel: "Card number", autoComplete: "cc-number", maxLength: 23 },
  cardExpiry: {
    label: "Expiry (MM / YY)",
    errorLabel: "Expiry",
    autoComplete: "cc-exp",
    maxLength: 9,
    placeholder: "MM / YY",
  },
  cvc: { label: "CVC", errorLabel: "CVC", autoComplete: "cc-csc", maxLength: 4 },
};

/** One card field: digits typed in (a numeric keypad on phones), its state in the form's problem. */
function CardField({ name, states }: { name: keyof typeof cardFields; states: FieldStates }) {
  const { errorLabel, ...field } = cardFields[name];
  return (
    <TextField {...checkoutField} name={name} inputMode="numeric" {...field} {...states(name, errorLabel)} />
  );
}

/**
 * Test payment mode (no Stripe keys): plain card fields posted with the form, which the API checks
 * against its test cards. Never given a value back by the server: a refused form comes back with
 * the card fields empty.
 */
export function TestCardFields({ states }: { states: FieldStates }) {
  return (
    <div className="test-card">
      <p className="test-card__hint">
        Use <span className="test-card__number">4242 4242 4242 4242</span> to pay, or{" "}
        <span className="test-card__number">4000 0000 0000 0002</span> to see a decline.
      </p>
      <CardField name="cardNumber" states={states} />
      <div className="checkout-pair checkout-pair--card">
        <CardField name="cardExpiry" states={states} />
        <CardField name="cvc" states={states} />
      </div>
    </div>
  );
}
