// How many to add: a number field between 1 and the stock, with step buttons. What the shopper
// types is kept while they type and tidied when they leave the field (a non-number becomes 1).
// The step buttons need JavaScript: before it they are empty spaces of the same size (nothing
// moves when they arrive), and the number field alone goes with Add to Cart's form.
import { useId, useState } from "react";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { normalizeQuantity } from "~/lib/models/cart";

export function QuantityField({ stock }: { stock: number }) {
  const id = useId();
  const [text, setText] = useState("1");
  const value = normalizeQuantity(text, stock);
  const set = (n: number) => setText(String(normalizeQuantity(n, stock)));
  const hydrated = useHydrated();
  const idle = <span className="quantity__step" aria-hidden="true" />;

  return (
    <div className="quantity">
      <label className="label" htmlFor={id}>
        Quantity
      </label>
      <div className="quantity__control">
        {hydrated ? (
          <button
            type="button"
            className="quantity__step"
            aria-label="Decrease quantity"
            disabled={value <= 1}
            onClick={() => set(value - 1)}
          >
            <span aria-hidden="true">−</span>
          </button>
        ) : (
          idle
        )}
        <input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(stock, 1)}
          step={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => set(value)}
        />
        {hydrated ? (
          <button
            type="button"
            className="quantity__step"
            aria-label="Increase quantity"
            disabled={value >= stock}
            onClick={() => set(value + 1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        ) : (
          idle
        )}
      </div>
    </div>
  );
}
