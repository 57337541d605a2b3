// The quantity of one cart line, between − and + buttons like the product page's. Before
// JavaScript it is a plain form with an Update button, and − and + each post their own small form
// (the line's quantity one less or one more), so every control works as a plain form post. Once
// hydrated, − and + send at once and a typed number is sent in the background shortly after the
// shopper stops changing it (or at once on Enter or when the field loses focus), always normalised
// first: never below 1, a non-numeric entry becomes 1, never above the stock.
import { useEffect, useId, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { type CartActionResult, type CartLineView, normalizeQuantity } from "~/lib/models/cart";

/** How long typing may pause before the new quantity is sent. */
export const quantityDebounceMs = 600;

type Props = {
  line: CartLineView;
  fetcher: FetcherWithComponents<CartActionResult>;
  hydrated: boolean;
  /** Id of the line's stock warning, read out with the field. */
  describedBy?: string;
};

export function QuantityForm({ line, fetcher, hydrated, describedBy }: Props) {
  const { product } = line;
  const inputId = useId();
  const stepFormId = useId();
  const max = Math.max(1, product.stock);
  const [value, setValue] = useState(String(line.quantity));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastSent = useRef<number | null>(null);

  // The field follows the server's quantity whenever that changes (after an update, or when
  // another tab changed the cart), and falls back to it when an update is refused.
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  const [seenResult, setSeenResult] = useState(fetcher.data);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setValue(String(line.quantity));
  }
  if (fetcher.state === "idle" && fetcher.data !== seenResult) {
    setSeenResult(fetcher.data);
    if (fetcher.data && !fetcher.data.ok) setValue(String(line.quantity));
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (raw: string) => {
    clearTimeout(timer.current);
    const quantity = normalizeQuantity(raw, max);
    setValue(String(quantity));
    const alreadySending = fetcher.state !== "idle" && quantity === lastSent.current;
    if (quantity === line.quantity || alreadySending) return;
    lastSent.current = quantity;
    void fetcher.submit(
      { intent: "update", productId: product.id, quantity: String(quantity), enhanced: "1" },
      { method: "post", action: "/cart" },
    );
  };

  const onChange = (raw: string) => {
    setValue(raw);
    if (!hydrated) return;
    clearTimeout(timer.current);
    // An emptied field is usually mid-edit; it is settled on Enter or blur instead.
    if (raw.trim() !== "" && Number.isFinite(Number(raw))) {
      timer.current = setTimeout(() => send(raw), quantityDebounceMs);
    }
  };

  const current = normalizeQuantity(value, max);
  /** − or +: a plain post of the line's quantity one less or one more; at once once hydrated. */
  const step = (by: 1 | -1) => {
    return (
      <button
        // Before JavaScript it posts its own small form below (a button may name a form outside
        // the one it sits in); once hydrated it is a plain button.
        type={hydrated ? "button" : "submit"}
        form={hydrated ? undefined : `${stepFormId}${by}`}
        className="quantity__step"
        aria-label={`${by < 0 ? "Decrease" : "Increase"} quantity of ${product.name}`}
        disabled={by < 0 ? current <= 1 : current >= max}
        onClick={() => {
          if (hydrated) send(String(current + by));
        }}
      >
        <span aria-hidden="true">{by < 0 ? "−" : "+"}</span>
      </button>
    );
  };

  return (
    <>
      <fetcher.Form
        method="post"
        action="/cart"
        className="cart-qty"
        noValidate={hydrated}
        onSubmit={(e) => {
          if (!hydrated) return;
          e.preventDefault();
          send(value);
        }}
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="productId" value={product.id} />
        <label className="visually-hidden" htmlFor={inputId}>
          Quantity of {product.name}
        </label>
        <div className="quantity__control">
          {step(-1)}
          <input
            id={inputId}
            className="cart-qty__input"
            type="number"
            name="quantity"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            required
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onBlur={() => {
              if (hydrated && value !== String(line.quantity)) send(value);
            }}
            aria-describedby={describedBy}
          />
          {step(1)}
        </div>
        {!hydrated && (
          <button
            type="submit"
            className="button button--ghost cart-qty__update"
            aria-label={`Update quantity of ${product.name}`}
          >
            Update
          </button>
        )}
      </fetcher.Form>
      {([-1, 1] as const).map((by) => (
        <form key={by} id={`${stepFormId}${by}`} method="post" action="/cart" hidden>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="productId" value={product.id} />
          <input type="hidden" name="quantity" value={line.quantity + by} />
        </form>
      ))}
    </>
  );
}
