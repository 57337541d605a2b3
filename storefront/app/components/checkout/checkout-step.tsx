import type { ReactNode } from "react";

type Props = {
  number: number;
  title: string;
  /** Beside the title: e.g. the payment's "Test mode" label. */
  aside?: ReactNode;
  describedBy?: string;
  children: ReactNode;
};

/**
 * One numbered step of the checkout form: a fieldset whose legend is the step's heading, so each
 * field is announced with the step it belongs to and the page can be read heading by heading.
 */
export function CheckoutStep({ number, title, aside, describedBy, children }: Props) {
  return (
    <fieldset className="checkout-step" aria-describedby={describedBy}>
      <legend className="checkout-step__legend">
        <span className="checkout-step__number" aria-hidden="true">
          {number}
        </span>
        <h2 className="checkout-step__title">{title}</h2>
        {aside}
      </legend>
      {children}
    </fieldset>
  );
}
