// The quantity of one cart line. Before JavaScript it is a plain form with an Update button; once
// hydrated the number is sent in the background shortly after the shopper stops changing it (or
// at once on Enter or when the field loses focus), always normalised first: never below 1, a
// non-numeric entry becomes 1, never above the stock.
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

  return (
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
  );
}
