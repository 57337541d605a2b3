import type { Ref } from "react";
import { Link } from "react-router";

type Props = {
  id: string;
  message: string | null | undefined;
  /** The problem is in the cart (stock): offer the way back to it. */
  cartProblem?: boolean;
  ref?: Ref<HTMLDivElement>;
};

/**
 * The checkout's one error, under the card field (PRODUCT §2): announced as it appears, focusable
 * so the form can move the focus to it, and named by the fields it concerns (aria-describedby).
 */
export function PaymentError({ id, message, cartProblem, ref }: Props) {
  if (!message) return null;
  return (
    <div ref={ref} id={id} className="alert alert--error checkout-error" role="alert" tabIndex={-1}>
      <p>{message}</p>
      {cartProblem && (
        <p>
          <Link to="/cart">Review your cart</Link>
        </p>
      )}
    </div>
  );
}
