import { TextField } from "~/components/ui/field";
import { checkoutField, type FieldStates } from "./field-state";

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
      <TextField
        {...checkoutField}
        name="cardNumber"
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
        {...states("cardNumber", "Card number")}
      />
      <div className="checkout-pair checkout-pair--card">
        <TextField
          {...checkoutField}
          name="cardExpiry"
          label="Expiry (MM / YY)"
          autoComplete="cc-exp"
          inputMode="numeric"
          maxLength={9}
          placeholder="MM / YY"
          {...states("cardExpiry", "Expiry")}
        />
        <TextField
          {...checkoutField}
          name="cvc"
          label="CVC"
          autoComplete="cc-csc"
          inputMode="numeric"
          maxLength={4}
          {...states("cvc", "CVC")}
        />
      </div>
    </div>
  );
}
