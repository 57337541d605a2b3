import { screen, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { type FakeRoutes, refuse } from "~/testing/fake-api";
import { renderRoutes } from "~/testing/render";
import { routes } from "./routes";
import type { DeliveryOption, FreeDeliveryRule, StoreDetails } from "./types";

const tree: RouteObject[] = [{ path: "/", children: routes }];

const details: StoreDetails = {
  name: "Atelier London",
  address_line1: "12 Marylebone High Street",
  city: "London",
  postcode: "W1U 4NR",
  country: "United Kingdom",
  contact_email: "hello@atelier.test",
  phone: "+44 20 7946 0000",
  company_number: "12345678",
  vat_number: "GB123456789",
  currency_code: "GBP",
  revision: "5",
  updated_at: "2026-11-01T09:00:00Z",
  updated_by: { display_name: "Ada Lovelace" },
};
const gbp = (minor: string) => ({ currency_code: "GBP", minor_units: minor });
const standard: DeliveryOption = {
  code: "standard",
  name: "Standard",
  carrier: "Royal Mail",
  estimated_delivery: "3–5 working days",
  price: gbp("495"),
  free_over: gbp("5000"),
  position: 1,
  active: true,
  revision: "2",
};
const express: DeliveryOption = {
  ...standard,
  code: "express",
  name: "Express",
  price: gbp("995"),
  free_over: undefined,
  active: false,
};
const rule: FreeDeliveryRule = { option_code: "standard", threshold: gbp("5000"), revision: "1" };

const settingsApi: FakeRoutes = {
  "/api/v1/admin/settings/store": { get: () => ({ store_details: details }) },
  "/api/v1/admin/delivery-options": { get: () => ({ delivery_options: [standard, express] }) },
  "/api/v1/admin/free-delivery-rule": { get: () => ({ free_delivery_rule: rule }) },
};

describe("store details", () => {
  it("saves every field with the revision", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/settings",
      api: {
        ...settingsApi,
        "/api/v1/admin/settings/store": {
          get: () => ({ store_details: details }),
          patch: (req) => ({ store_details: { ...details, ...req.body, revision: "6" } }),
        },
      },
    });
    const phone = await screen.findByRole("textbox", { name: "Phone" });
    await user.clear(phone);
    await user.type(phone, "020 7946 0001");
    await user.click(screen.getByRole("button", { name: "Save store details" }));
    expect(await screen.findByText("Store details saved.")).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.query.get("expected_revision")).toBe("5");
    expect(patch?.body).toMatchObject({
      phone: "020 7946 0001",
      vat_number: "GB123456789",
      name: "Atelier London",
    });
  });

  it("puts the API's field errors on their fields", async () => {
    const { user } = renderRoutes(tree, {
      url: "/settings",
      api: {
        ...settingsApi,
        "/api/v1/admin/settings/store": {
          get: () => ({ store_details: details }),
          patch: () =>
            refuse(400, "invalid_vat_number", "That is not a VAT number.", {
              fields: { vat_number: "That is not a VAT number.", contact_email: "That address bounces." },
            }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Save store details" }));
    expect(await screen.findByRole("textbox", { name: "VAT number" })).toHaveAccessibleDescription(
      expect.stringContaining("That is not a VAT number."),
    );
    expect(screen.getByRole("textbox", { name: "Contact e-mail" })).toHaveAccessibleDescription(
      expect.stringContaining("That address bounces."),
    );
    expect(screen.getByRole("textbox", { name: "VAT number" })).toHaveAttribute("aria-invalid", "true");
  });

  it("checks the form before sending it", async () => {
    const { user, calls } = renderRoutes(tree, { url: "/settings", api: settingsApi });
    const company = await screen.findByRole("textbox", { name: "Company number" });
    await user.clear(company);
    await user.type(company, "123");
    await user.click(screen.getByRole("button", { name: "Save store details" }));
    expect(company).toHaveAccessibleDescription(
      expect.stringContaining("Enter 8 digits, or 2 letters and 6 digits."),
    );
    expect(company, "the focus moves to the field to fix").toHaveFocus();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
  });

  it("refuses a stale save with who saved last and when", async () => {
    const { user } = renderRoutes(tree, {
      url: "/settings",
      api: {
        ...settingsApi,
        "/api/v1/admin/settings/store": {
          get: () => ({ store_details: details }),
          patch: () =>
            refuse(409, "stale_revision", "Changed.", {
              metadata: { saved_by: "Grace Hopper", saved_at: "2026-11-27T15:04:00Z", current_revision: "6" },
            }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Save store details" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Changed by Grace Hopper at 27 Nov 2026, 15:04 — reload",
    );
  });
});

describe("delivery options", () => {
  it("lists the options with their prices and state", async () => {
    renderRoutes(tree, { url: "/settings", api: settingsApi });
    const table = await screen.findByRole("table", { name: "Delivery options" });
    const row = within(table).getByRole("row", { name: /Express/ });
    expect(row).toHaveTextContent("£9.95");
    expect(row).toHaveTextContent("Inactive");
    expect(within(table).getByRole("link", { name: "Edit Standard" })).toHaveAttribute(
      "href",
      "/settings/delivery/standard",
    );
  });

  it("sends an option's price in pence, with its carrier and revision", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/settings/delivery/standard",
      api: {
        "/api/v1/admin/carriers": { get: () => ({ carriers: ["Royal Mail", "DPD"] }) },
        "/api/v1/admin/delivery-options/{code}": {
          get: () => ({ delivery_option: standard }),
          patch: () => ({
            delivery_option: { ...standard, price: gbp("550"), carrier: "DPD", revision: "3" },
          }),
        },
      },
    });
    const price = await screen.findByRole("textbox", { name: "Price (£)" });
    expect(price).toHaveValue("4.95");
    await user.clear(price);
    await user.type(price, "5.5");
    await user.selectOptions(screen.getByRole("combobox", { name: "Carrier" }), "DPD");
    await user.click(screen.getByRole("button", { name: "Save delivery option" }));
    expect(await screen.findByText("Delivery option saved.")).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe("/api/v1/admin/delivery-options/standard");
    expect(patch?.query.get("expected_revision")).toBe("2");
    expect(patch?.body).toMatchObject({
      price_minor_units: "550",
      carrier: "DPD",
      active: true,
      position: 1,
    });
  });

  it("checks an option before sending it, and moves the focus to the field to fix", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/settings/delivery/standard",
      api: {
        "/api/v1/admin/carriers": { get: () => ({ carriers: ["Royal Mail"] }) },
        "/api/v1/admin/delivery-options/{code}": { get: () => ({ delivery_option: standard }) },
      },
    });
    const position = await screen.findByRole("textbox", { name: "Position" });
    await user.clear(position);
    await user.type(position, "x");
    await user.click(screen.getByRole("button", { name: "Save delivery option" }));
    expect(position).toHaveAttribute("aria-invalid", "true");
    expect(position).toHaveFocus();
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);
  });

  it("says why the last active option cannot be switched off", async () => {
    const { user } = renderRoutes(tree, {
      url: "/settings/delivery/standard",
      api: {
        "/api/v1/admin/carriers": { get: () => ({ carriers: ["Royal Mail"] }) },
        "/api/v1/admin/delivery-options/{code}": {
          get: () => ({ delivery_option: standard }),
          patch: () => refuse(400, "last_active_option", "A shop must offer at least one delivery option."),
        },
      },
    });
    await user.click(await screen.findByRole("checkbox", { name: "Offered at checkout" }));
    await user.click(screen.getByRole("button", { name: "Save delivery option" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "A shop must offer at least one delivery option.",
    );
  });

  it("sets free delivery over a threshold in pence, or turns it off", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/settings",
      api: {
        ...settingsApi,
        "/api/v1/admin/free-delivery-rule": {
          get: () => ({ free_delivery_rule: rule }),
          put: (req) => ({
            free_delivery_rule: { ...rule, option_code: req.body.option_code, revision: "2" },
          }),
        },
      },
    });
    const threshold = await screen.findByRole("textbox", { name: "For orders over (£)" });
    expect(threshold).toHaveValue("50.00");
    await user.clear(threshold);
    await user.type(threshold, "75");
    await user.click(screen.getByRole("button", { name: "Save free delivery" }));
    expect(await screen.findByText("Free delivery saved.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      option_code: "standard",
      threshold_minor_units: "7500",
      expected_revision: "1",
    });
  });
});

describe("store details history", () => {
  it("restores a revision after asking", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: "/settings/store/history",
      api: {
        "/api/v1/admin/settings/store": { get: () => ({ store_details: details }) },
        "/api/v1/admin/settings/store/revisions": {
          get: () => ({
            revisions: [
              { revision: "5", action: "REVISION_ACTION_UPDATED", created_at: "2026-11-01T09:00:00Z" },
              { revision: "4", action: "REVISION_ACTION_UPDATED", created_at: "2026-10-01T09:00:00Z" },
            ],
          }),
        },
        "/api/v1/admin/settings/store/revisions/{revision}/diff": {
          get: () => ({ changes: [{ field: "phone", before: "020 1", after: "020 2" }] }),
        },
        "/api/v1/admin/settings/store/revisions/{revision}:restore": {
          post: () => ({ store_details: { ...details, revision: "6" } }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Show changes of revision 4" }));
    expect(await screen.findByRole("rowheader", { name: "Phone" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Restore revision 4" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Restore revision 4?" })).getByRole("button", {
        name: "Restore",
      }),
    );
    expect(await screen.findByText("Revision 4 restored.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ expected_revision: "5" });
  });
});
