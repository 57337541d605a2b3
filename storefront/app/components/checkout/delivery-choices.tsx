import type { ReactNode } from "react";
import { Link } from "react-router";
import { CarrierMark } from "~/components/ui/carrier-mark";
import { type DeliveryChoice, deliveryChargeText } from "~/lib/models/checkout";
import { sentenceAmount } from "~/lib/models/content";
import { CheckoutStep } from "./checkout-step";
import type { FieldState } from "./field-state";

type Props = {
  /** null: the API could not list them. */
  options: DeliveryChoice[] | null;
  selected: string;
  onSelect: (code: string) => void;
  state: FieldState;
  /** The step's number in the form. */
  step: number;
  /** More choices in the same step (the signature). */
  children?: ReactNode;
};

/**
 * The delivery services as radio cards: carrier mark, name, carrier and promise, and what the
 * option costs this order ("Free" when its free-over rule applies). The choice is posted as
 * `deliveryOptionCode`; the API prices it.
 */
export function DeliveryChoices({ options, selected, onSelect, state, step, children }: Props) {
  const noteId = "delivery-note";
  const describedBy = state.invalid ? (state.error ? noteId : state.errorId) : undefined;
  if (!options || options.length === 0) {
    return (
      <CheckoutStep number={step} title="Delivery">
        <p className="alert alert--error" role="alert">
          {options
            ? "No delivery option is available just now. Please try again later."
            : "Our delivery options cannot be shown just now. Please refresh the page in a moment."}{" "}
          <Link to="/contact">Contact us</Link> if it persists.
        </p>
      </CheckoutStep>
    );
  }
  return (
    <CheckoutStep number={step} title="Delivery" describedBy={describedBy}>
      <div className={`delivery-choices${state.invalid ? " delivery-choices--invalid" : ""}`}>
        {options.map((o, i) => {
          const charge = deliveryChargeText(o);
          return (
            <label key={o.code} className="delivery-choice">
              <input
                type="radio"
                name="deliveryOptionCode"
                value={o.code}
                checked={selected === o.code}
                onChange={() => onSelect(o.code)}
                required
                // biome-ignore lint/a11y/noAutofocus: after a page-reload submission the first invalid field takes focus, as the hydrated form does (WCAG 3.3.1); nothing else autofocuses.
                autoFocus={state.autoFocus && i === 0}
              />
              {/* The total the page shows with this option, so the action can tell the shopper
                  when the order comes to another (nothing is computed from it). */}
              <input type="hidden" name={`total.${o.code}`} value={o.total.pence} />
              <span className="delivery-choice__mark">
                <CarrierMark carrier={o.carrier} />
              </span>
              <span className="delivery-choice__text">
                <span className="delivery-choice__name">{o.name}</span>
                <span className="delivery-choice__meta">
                  {o.carrier} · {o.estimatedDelivery}
                </span>
                {o.freeOver && charge !== "Free" && (
                  <span className="delivery-choice__meta">
                    Free on orders over {sentenceAmount(o.freeOver)}
                  </span>
                )}
              </span>
              <span className="delivery-choice__price">{charge}</span>
            </label>
          );
        })}
      </div>
      {state.invalid && state.error && (
        <p id={noteId} className="field-error checkout-field__note">
          {state.error}
        </p>
      )}
      {children}
    </CheckoutStep>
  );
}
