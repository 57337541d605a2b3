import { Field, TextField } from "~/components/ui/field";
import type { AddressKind, AddressValues, Country } from "~/lib/models/checkout";
import { checkoutField, type FieldState, type FieldStates } from "./field-state";

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
        <TextField
          {...checkoutField}
          name={field("firstName")}
          label="First name"
          autoComplete={ac("given-name")}
          defaultValue={values.firstName}
          {...states(field("firstName"), "First name")}
        />
        <TextField
          {...checkoutField}
          name={field("lastName")}
          label="Last name"
          autoComplete={ac("family-name")}
          defaultValue={values.lastName}
          {...states(field("lastName"), "Last name")}
        />
      </div>
      <TextField
        {...checkoutField}
        name={field("addressLine1")}
        label="Address"
        autoComplete={ac("address-line1")}
        defaultValue={values.addressLine1}
        {...states(field("addressLine1"), "Address")}
      />
      <TextField
        {...checkoutField}
        name={field("addressLine2")}
        label="Apartment, suite or building"
        autoComplete={ac("address-line2")}
        defaultValue={values.addressLine2}
        required={false}
        {...states(field("addressLine2"), "Apartment, suite or building")}
      />
      <div className="checkout-pair">
        <TextField
          {...checkoutField}
          name={field("city")}
          label="City"
          autoComplete={ac("address-level2")}
          defaultValue={values.city}
          {...states(field("city"), "City")}
        />
        <TextField
          {...checkoutField}
          name={field("region")}
          label="State / County"
          autoComplete={ac("address-level1")}
          defaultValue={values.region}
          required={false}
          {...states(field("region"), "State / County")}
        />
      </div>
      <div className="checkout-pair">
        <TextField
          {...checkoutField}
          name={field("postcode")}
          label="Postcode"
          autoComplete={ac("postal-code")}
          defaultValue={values.postcode}
          maxLength={16}
          {...states(field("postcode"), "Postcode")}
        />
        <CountrySelect
          name={field("countryCode")}
          autoComplete={ac("country")}
          value={values.countryCode}
          countries={countries}
          {...states(field("countryCode"), "Country")}
        />
      </div>
    </div>
  );
}

type CountryProps = FieldState & {
  name: string;
  autoComplete: string;
  value: string;
  countries: Country[];
};

function CountrySelect({ name, autoComplete, value, countries, autoFocus, ...state }: CountryProps) {
  return (
    <Field
      label="Country"
      className={checkoutField.className}
      errorClassName={checkoutField.errorClassName}
      {...state}
    >
      {(control) => (
        <select
          {...control}
          name={name}
          autoComplete={autoComplete}
          defaultValue={value}
          // biome-ignore lint/a11y/noAutofocus: after a page-reload submission the first invalid field takes focus, as the hydrated form does (WCAG 3.3.1); nothing else autofocuses.
          autoFocus={autoFocus}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
