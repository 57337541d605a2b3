// Delivery options for tests: the standard option as the API sends it and as the pages show it,
// and an express one with no free-over rule. One copy, so the model's, the table's and the
// shipping page's tests agree on what "standard" is.
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import type { DeliveryOptionSchema } from "~/gen/atelier/store/v1/delivery_option_pb";
import { ListDeliveryOptionsResponseSchema } from "~/gen/atelier/store/v1/shipping_service_pb";
import type { DeliveryOptionView } from "~/lib/models/content";

/** The standard option as the API sends it: £17.35, free over £50. */
export const standardDeliveryOption = {
  code: "standard",
  name: "Standard",
  carrier: "Royal Mail",
  estimatedDelivery: "5–7 working days",
  price: { currencyCode: "GBP", minorUnits: 1735n },
  freeOver: { currencyCode: "GBP", minorUnits: 5000n },
} satisfies MessageInitShape<typeof DeliveryOptionSchema>;

/** standardDeliveryOption as toDeliveryOptionView shows it. */
export const standardDelivery: DeliveryOptionView = {
  code: "standard",
  name: "Standard",
  carrier: "Royal Mail",
  estimatedDelivery: "5–7 working days",
  price: "£17.35",
  freeOverText: "Free on orders over £50",
};

export const expressDelivery: DeliveryOptionView = {
  code: "express",
  name: "Express",
  carrier: "DPD",
  estimatedDelivery: "3–4 working days",
  price: "£24.99",
  freeOverText: null,
};

/** expressDelivery as the API sends it: £24.99, never free. */
export const expressDeliveryOption = {
  code: "express",
  name: "Express",
  carrier: "DPD",
  estimatedDelivery: "3–4 working days",
  price: { currencyCode: "GBP", minorUnits: 2499n },
} satisfies MessageInitShape<typeof DeliveryOptionSchema>;

/**
 * ListDeliveryOptions' answer with Standard free over `freeOverPence` (the back office's rule), or
 * with no option free when it is null.
 */
export function deliveryOptionsAnswer(freeOverPence: bigint | null) {
  const { freeOver: _, ...standard } = standardDeliveryOption;
  return create(ListDeliveryOptionsResponseSchema, {
    deliveryOptions: [
      freeOverPence === null
        ? standard
        : { ...standard, freeOver: { currencyCode: "GBP", minorUnits: freeOverPence } },
      expressDeliveryOption,
    ],
  });
}
