import { useId } from "react";
import type { AddressKind, AddressValues, Country } from "~/lib/checkout";
import { CheckoutInput } from "./CheckoutInput";
import type { FieldStates } from "./field-state";

type Props = {
  /** The form field prefix (the request's field): "shippingAddress" or "billingAddress". */
  kind: AddressKind;
  values: AddressValues;
  countries: Country[];
  states: FieldStates;
};

/** A postal address in the UK or the EU: the parts the API's OrderAddress takes. */
export function AddressFields({ kind, values, countries, states }: Props) {
  const field = (part: keyof AddressValues) => `${kind}.${part}` as const;
  // The autocomplete section: "shipping" or "billing".
  const ac = (token: string) => `${kind === "shippingAddress" ? "shipping" : "billing"} ${token}`;
  return (
    <div className="address-fields">
      <div className="checkout-pair">
        <CheckoutInput name={field("firstName")} label="First name" autoComplete={ac("given-name")} defaultValue={values.firstName} {...states(field("firstName"), "First name")} />
        <CheckoutInput name={field("lastName")} label="Last name" autoComplete={ac("family-name")} defaultValue={values.lastName} {...states(field("lastName"), "Last name")} />
      </div>
      <CheckoutInput name={field("addressLine1")} label="Address" autoComplete={ac("address-line1")} defaultValue={values.addressLine1} {...states(field("addressLine1"), "Address")} />
      <CheckoutInput
        name={field("addressLine2")}
        label="Apartment, suite or building"
        autoComplete={ac("address-line2")}
        defaultValue={values.addressLine2}
        required={false}
        {...states(field("addressLine2"), "Apartment, suite or building")}
      />
      <div className="checkout-pair">
        <CheckoutInput name={field("city")} label="City" autoComplete={ac("address-level2")} defaultValue={values.city} {...states(field("city"), "City")} />
        <CheckoutInput
          name={field("region")}
          label="State / County"
          autoComplete={ac("address-level1")}
          defaultValue={values.region}
          required={false}
          {...states(field("region"), "State / County")}
        />
      </div>
      <div className="checkout-pair">
        <CheckoutInput
          name={field("postcode")}
          label="Postcode"
          autoComplete={ac("postal-code")}
          defaultValue={values.postcode}
          maxLength={16}
          {...states(field("postcode"), "Postcode")}
        />
        <CountrySelect name={field("countryCode")} autoComplete={ac("country")} value={values.countryCode} countries={countries} {...states(field("countryCode"), "Country")} />
      </div>
    </div>
  );
}

type CountryProps = {
  name: string;
  autoComplete: string;
  value: string;
  countries: Country[];
  invalid?: boolean;
  note?: string | null;
  errorId?: string;
  autoFocus?: boolean;
};

function CountrySelect({ name, autoComplete, value, countries, invalid, note, errorId, autoFocus }: CountryProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const describedBy = invalid ? (note ? noteId : errorId) : undefined;
  return (
    <div className={`field checkout-field${invalid ? " field--invalid" : ""}`}>
      <label htmlFor={id}>Country</label>
      <select id={id} name={name} autoComplete={autoComplete} defaultValue={value} required aria-invalid={invalid || undefined} aria-describedby={describedBy} autoFocus={autoFocus}>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
      {invalid && note && (
        <p id={noteId} className="field-error checkout-field__note">
          {note}
        </p>
      )}
    </div>
  );
}
