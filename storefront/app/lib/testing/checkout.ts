// The shopper the checkout tests use: her address as the API and the form values hold it, and
// typing it into the checkout page's shipping address.
import { screen, within } from "@testing-library/react";
import type userEvent from "@testing-library/user-event";

export const irisAddress = {
  firstName: "Iris",
  lastName: "Fairweather",
  addressLine1: "1 Bond Street",
  addressLine2: "",
  city: "London",
  region: "",
  postcode: "W1S 1AA",
  countryCode: "GB",
};

/** Types Iris's name and address into the shipping address group. */
export async function fillShippingAddress(user: ReturnType<typeof userEvent.setup>) {
  const shipping = screen.getByRole("group", { name: /shipping address/i });
  await user.type(within(shipping).getByLabelText("First name"), "Iris");
  await user.type(within(shipping).getByLabelText("Last name"), "Fairweather");
  await user.type(within(shipping).getByLabelText("Address"), "1 Bond Street");
  await user.type(within(shipping).getByLabelText("City"), "London");
  await user.type(within(shipping).getByLabelText("Postcode"), "W1S 1AA");
}
