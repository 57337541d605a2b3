import type { Meta, StoryObj } from "@storybook/react-vite";
import { refuse } from "~/testing/fake-api";
import { DeliveryOptionsTable } from "./delivery-options-table";
import type { DeliveryOption } from "./types";

const gbp = (minor: string) => ({ currency_code: "GBP", minor_units: minor });
const options: DeliveryOption[] = [
  {
    code: "standard",
    name: "Standard",
    carrier: "Royal Mail",
    estimated_delivery: "3–5 working days",
    price: gbp("495"),
    free_over: gbp("5000"),
    active: true,
  },
  {
    code: "express",
    name: "Express",
    carrier: "DPD",
    estimated_delivery: "Next working day",
    price: gbp("995"),
    active: true,
  },
  {
    code: "international-tracked-and-signed",
    name: "International tracked and signed-for delivery to Europe and the rest of the world",
    carrier: "DHL",
    estimated_delivery: "5–10 working days, depending on customs clearance in the destination country",
    price: gbp("2450"),
    active: false,
  },
];

const path = "/api/v1/admin/delivery-options";
const meta = {
  component: DeliveryOptionsTable,
  parameters: { api: { [path]: { get: () => ({ delivery_options: options }) } } },
} satisfies Meta<typeof DeliveryOptionsTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {};
export const Loading: Story = {
  parameters: { api: { [path]: { get: () => new Promise<never>(() => {}) } } },
};
export const Empty: Story = { parameters: { api: { [path]: { get: () => ({ delivery_options: [] }) } } } };
export const Failed: Story = {
  parameters: {
    api: { [path]: { get: () => refuse(500, "internal", "The delivery options could not be loaded.") } },
  },
};
