import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import { type FakeRoutes, refuse } from "~/testing/fake-api";
import { CreateKeyDialog } from "./create-key-dialog";
import { newSecret, scopes, warehouse } from "./fixtures";

const scopesPath = "/api/v1/admin/api-key-scopes";
const api: FakeRoutes = {
  [scopesPath]: { get: () => ({ scopes }) },
  "/api/v1/admin/api-keys": {
    post: (req) => ({ api_key: { ...warehouse, name: req.body.name }, secret: newSecret }),
  },
};
const meta = {
  component: CreateKeyDialog,
  args: { onClose: () => {} },
  parameters: { api },
} satisfies Meta<typeof CreateKeyDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Secret: Story = {};
export const Publishable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole("radio", { name: /Publishable/ }));
    await expect(await canvas.findByRole("checkbox", { name: "orders:read" })).toBeDisabled();
    await userEvent.click(canvas.getByRole("button", { name: "Create key" }));
    await expect(canvas.getByText("Choose at least one scope.")).toBeInTheDocument();
  },
};
export const SecretShownOnce: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole("textbox", { name: "Name" }), "Warehouse sync");
    await userEvent.click(await canvas.findByRole("checkbox", { name: "orders:read" }));
    await userEvent.click(canvas.getByRole("button", { name: "Create key" }));
    await expect(await canvas.findByRole("textbox", { name: "Your new API key" })).toHaveValue(newSecret);
  },
};
export const Refused: Story = {
  parameters: {
    api: {
      [scopesPath]: { get: () => ({ scopes }) },
      "/api/v1/admin/api-keys": {
        post: () =>
          refuse(
            400,
            "invalid_origin",
            "“partner.example” is not an origin: give the scheme and host only.",
            {
              fields: {
                allowed_origins: "“partner.example” is not an origin: give the scheme and host only.",
              },
            },
          ),
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement.ownerDocument.body);
    await userEvent.type(canvas.getByRole("textbox", { name: "Name" }), "Lookbook");
    await userEvent.click(canvas.getByRole("radio", { name: /Publishable/ }));
    await userEvent.click(await canvas.findByRole("checkbox", { name: "catalog:read" }));
    await userEvent.type(canvas.getByRole("textbox", { name: "Allowed origins" }), "https://partner.example");
    await userEvent.click(canvas.getByRole("button", { name: "Create key" }));
    await expect(await canvas.findByText(/is not an origin/)).toBeInTheDocument();
  },
};
export const ScopesLoading: Story = {
  parameters: { api: { [scopesPath]: { get: () => new Promise<never>(() => {}) } } },
};
export const ScopesFailed: Story = {
  parameters: {
    api: { [scopesPath]: { get: () => refuse(500, "internal", "The scopes could not be loaded.") } },
  },
};
