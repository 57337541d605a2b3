// The price filter: a two-thumb slider over £0–ceiling and the same bounds as number fields. Only
// the number fields carry form names, so the filter works without JavaScript; the sliders need
// it to mirror the fields, and stay disabled until the page is hydrated rather than pretend.
import type { CSSProperties } from "react";
import { useUrlBackedState } from "./shop-navigation";

type Props = {
  /** Slider maximum in whole pounds (from ListProductsResponse.price_ceiling). */
  ceiling: number;
  /** Bounds from the URL, in whole pounds. */
  minPrice: number | null;
  maxPrice: number | null;
  hydrated: boolean;
};

const sliderStep = 5;

function toNumber(text: string, fallback: number): number {
  const n = Number(text);
  return text.trim() !== "" && Number.isFinite(n) && n >= 0 ? Math.trunc(n) : fallback;
}

export function PriceRange({ ceiling, minPrice, maxPrice, hydrated }: Props) {
  const urlMin = String(minPrice ?? 0);
  const urlMax = String(maxPrice ?? ceiling);
  const [minText, setMinText] = useUrlBackedState(urlMin, `${urlMin}:${ceiling}`);
  const [maxText, setMaxText] = useUrlBackedState(urlMax, `${urlMax}:${ceiling}`);

  const low = Math.min(toNumber(minText, 0), ceiling);
  const high = Math.min(Math.max(toNumber(maxText, ceiling), low), ceiling);
  const track = {
    "--range-from": `${(low / ceiling) * 100}%`,
    "--range-to": `${(high / ceiling) * 100}%`,
  } as CSSProperties;

  return (
    <fieldset className="price-range">
      <legend className="label">Price</legend>
      <div className="price-range__slider" style={track}>
        <Thumb
          label="Minimum price"
          value={low}
          ceiling={ceiling}
          disabled={!hydrated}
          onChange={(v) => setMinText(String(Math.min(v, high)))}
        />
        <Thumb
          label="Maximum price"
          value={high}
          ceiling={ceiling}
          disabled={!hydrated}
          onChange={(v) => setMaxText(String(Math.max(v, low)))}
        />
      </div>
      <div className="price-range__fields">
        <PriceInput
          id="min-price"
          name="min_price"
          label="Min price (£)"
          value={minText}
          onChange={setMinText}
        />
        <PriceInput
          id="max-price"
          name="max_price"
          label="Max price (£)"
          value={maxText}
          onChange={setMaxText}
        />
      </div>
    </fieldset>
  );
}

function PriceInput({
  id,
  name,
  label,
  value,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

type ThumbProps = {
  label: string;
  value: number;
  ceiling: number;
  disabled: boolean;
  onChange: (value: number) => void;
};

/** One end of the two-thumb slider. */
function Thumb({ label, value, ceiling, disabled, onChange }: ThumbProps) {
  return (
    <input
      type="range"
      aria-label={label}
      aria-valuetext={`£${value}`}
      min={0}
      max={ceiling}
      step={sliderStep}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(Number(e.target.value))}
    />
  );
}
