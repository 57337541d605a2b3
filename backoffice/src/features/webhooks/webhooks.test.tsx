import { screen, waitFor, within } from "@testing-library/react";
import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { type FakeRoutes, refuse } from "~/testing/fake-api";
import { renderRoutes } from "~/testing/render";
import type { Delivery } from "./api";
import {
  erp,
  failed,
  feed,
  newSecret,
  paused,
  pending,
  retrying,
  rotatedSecret,
  skipped,
  succeeded,
} from "./fixtures";
import { routes } from "./routes";

const tree: RouteObject[] = [{ path: "/", children: routes }];

const list: FakeRoutes = {
  "/api/v1/admin/webhook-endpoints": { get: () => ({ endpoints: [erp, feed, paused] }) },
};

/** The routes of erp's screen: the endpoint, and a delivery log of two pages. */
function endpointApi(overrides: FakeRoutes = {}): FakeRoutes {
  return {
    ...list,
    "/api/v1/admin/webhook-endpoints/{endpoint_id}": {
      get: (req) => ({ endpoint: [erp, feed, paused].find((e) => e.id === req.params.endpoint_id) ?? erp }),
    },
    "/api/v1/admin/webhook-endpoints/{endpoint_id}/deliveries": {
      get: (req) =>
        req.query.get("page_token") === "p2"
          ? { deliveries: [failed] }
          : { deliveries: [succeeded, retrying], next_page_token: "p2" },
    },
    ...overrides,
  };
}

describe("the webhooks list", () => {
  it("lists the endpoints with their event types and status, and says why one is disabled", async () => {
    renderRoutes(tree, { url: "/webhooks", api: list });
    const table = await screen.findByRole("table", { name: "Webhook endpoints" });
    const row = within(table).getByRole("row", { name: /erp\.partner\.example/ });
    expect(within(row).getByRole("link", { name: erp.url })).toHaveAttribute("href", `/webhooks/${erp.id}`);
    expect(row).toHaveTextContent("ERP order sync");
    expect(row).toHaveTextContent("order.paid");
    expect(row).toHaveTextContent("Enabled");
    expect(row).toHaveTextContent("20 Nov 2026");
    const off = within(table).getByRole("row", { name: /feed\.marketplace/ });
    expect(off).toHaveTextContent("Disabled");
    expect(off).toHaveTextContent("5 deliveries in a row failed after every attempt.");
    expect(off).toHaveTextContent("26 Nov 2026, 03:12");
    const byAdmin = within(table).getByRole("row", { name: /staging\.partner/ });
    expect(byAdmin).toHaveTextContent("By an admin");
    expect(byAdmin).toHaveTextContent("All events");
    expect(document.title).toBe("Webhooks · Atelier back office");
  });

  it("warns of failures in a row on an endpoint still enabled", async () => {
    renderRoutes(tree, {
      url: "/webhooks",
      api: {
        "/api/v1/admin/webhook-endpoints": { get: () => ({ endpoints: [{ ...erp, failure_streak: 2 }] }) },
      },
    });
    const row = await screen.findByRole("row", { name: /erp\.partner\.example/ });
    expect(row).toHaveTextContent("Enabled");
    expect(row).toHaveTextContent("Last 2 deliveries failed; disabled at 5 in a row");
  });

  it("says what webhooks are for when there are none", async () => {
    renderRoutes(tree, {
      url: "/webhooks",
      api: { "/api/v1/admin/webhook-endpoints": { get: () => ({ endpoints: [] }) } },
    });
    expect(await screen.findByText("No webhook endpoints yet.")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: "New endpoint" })).toHaveLength(2);
  });

  it("shows why the endpoints could not be loaded, and tries again", async () => {
    let fail = true;
    const { user } = renderRoutes(tree, {
      url: "/webhooks",
      api: {
        "/api/v1/admin/webhook-endpoints": {
          get: () =>
            fail ? refuse(500, "internal", "The endpoints could not be loaded.") : { endpoints: [erp] },
        },
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("The endpoints could not be loaded.");
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("row", { name: /erp\.partner\.example/ })).toBeInTheDocument();
  });
});

describe("registering an endpoint", () => {
  it("sends the URL, note and chosen types, shows the secret once, then opens the endpoint", async () => {
    const { user, calls, router } = renderRoutes(tree, {
      url: "/webhooks",
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints": {
          ...list["/api/v1/admin/webhook-endpoints"],
          post: (req) => ({ endpoint: { ...erp, ...req.body }, signing_secret: newSecret }),
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "New endpoint" }));
    const dialog = screen.getByRole("dialog", { name: "New webhook endpoint" });
    await user.type(within(dialog).getByRole("textbox", { name: "URL" }), erp.url ?? "");
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "ERP order sync");
    expect(within(dialog).getByRole("group", { name: "Orders" })).toBeInTheDocument();
    expect(within(dialog).getByRole("group", { name: "Products" })).toBeInTheDocument();
    expect(within(dialog).getByRole("group", { name: "Stock" })).toBeInTheDocument();
    expect(within(dialog).getAllByRole("checkbox", { name: /^[a-z]+\.[a-z_]+$/ })).toHaveLength(11);
    await user.click(within(dialog).getByRole("checkbox", { name: "stock.low" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "All order events" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "order.shipped" }));
    await user.click(within(dialog).getByRole("button", { name: "Register endpoint" }));

    const shown = await screen.findByRole("dialog", { name: "Copy the signing secret now" });
    expect(within(shown).getByText("This secret will not be shown again")).toBeInTheDocument();
    expect(within(shown).getByRole("textbox", { name: "Signing secret" })).toHaveValue(newSecret);
    // Types go in the API's order, whatever order they were ticked in.
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      url: erp.url,
      description: "ERP order sync",
      event_types: [
        "order.created",
        "order.paid",
        "order.payment_failed",
        "order.delivered",
        "order.cancelled",
        "order.refunded",
        "stock.low",
      ],
    });
    await user.click(within(shown).getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(newSecret);
    expect(within(shown).getByText("Copied to the clipboard.")).toBeInTheDocument();
    // Escape does not lose the secret before it is stored.
    await user.keyboard("{Escape}");
    expect(screen.getByRole("dialog", { name: "Copy the signing secret now" })).toBeInTheDocument();

    await user.click(within(shown).getByRole("button", { name: "I have stored it" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/webhooks/${erp.id}`);
    expect(document.body.innerHTML).not.toContain(newSecret);
    const { pathname, search, hash } = router.state.location;
    expect(pathname + search + hash).not.toContain(newSecret);
    expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(newSecret);
  });

  it("checks the URL and the types before sending", async () => {
    const { user, calls } = renderRoutes(tree, { url: "/webhooks", api: list });
    await user.click(await screen.findByRole("button", { name: "New endpoint" }));
    const dialog = screen.getByRole("dialog", { name: "New webhook endpoint" });
    const url = within(dialog).getByRole("textbox", { name: "URL" });
    await user.type(url, "http://erp.partner.example/hooks");
    await user.click(within(dialog).getByRole("button", { name: "Register endpoint" }));
    expect(url).toHaveAccessibleDescription(expect.stringContaining("Use an https:// URL"));
    expect(within(dialog).getByRole("group", { name: "Event types" })).toHaveAccessibleDescription(
      "Choose at least one event type.",
    );
    await user.clear(url);
    await user.type(url, "not a url");
    await user.click(within(dialog).getByRole("button", { name: "Register endpoint" }));
    expect(url).toHaveAccessibleDescription(expect.stringContaining("Give a whole URL"));
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it.each([
    [
      "webhook_url_not_allowed",
      "url",
      "This URL cannot receive webhooks: it resolves to a private address.",
      "URL",
    ],
    ["url_too_long", "url", "The URL is longer than 2048 characters.", "URL"],
    ["description_too_long", "description", "The description is longer than 500 characters.", "Description"],
    ["unknown_event_type", "event_types", "“order.eaten” is not an event type.", "Event types"],
  ])("puts the API's %s refusal on its field", async (reason, field, message, label) => {
    const { user } = renderRoutes(tree, {
      url: "/webhooks",
      api: {
        "/api/v1/admin/webhook-endpoints": {
          ...list["/api/v1/admin/webhook-endpoints"],
          post: () => refuse(400, reason, message, { fields: { [field]: message } }),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "New endpoint" }));
    const dialog = screen.getByRole("dialog", { name: "New webhook endpoint" });
    await user.type(within(dialog).getByRole("textbox", { name: "URL" }), "https://inside.example/");
    await user.click(within(dialog).getByRole("checkbox", { name: "order.paid" }));
    await user.click(within(dialog).getByRole("button", { name: "Register endpoint" }));
    const target =
      label === "Event types"
        ? within(dialog).getByRole("group", { name: "Event types" })
        : within(dialog).getByRole("textbox", { name: label });
    await waitFor(() => expect(target).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(within(dialog).queryByRole("alert")).not.toBeInTheDocument();
  });

  it("puts a refusal that names no field on the field its reason is about, else on the form", async () => {
    let reason = "webhook_url_not_allowed";
    const { user } = renderRoutes(tree, {
      url: "/webhooks",
      api: {
        "/api/v1/admin/webhook-endpoints": {
          ...list["/api/v1/admin/webhook-endpoints"],
          post: () =>
            reason === "webhook_url_not_allowed"
              ? refuse(400, reason, "This URL cannot receive webhooks.", {
                  metadata: { refusal: "loopback" },
                })
              : refuse(412, reason, "A shop can have at most 50 webhook endpoints."),
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "New endpoint" }));
    const dialog = screen.getByRole("dialog", { name: "New webhook endpoint" });
    const url = within(dialog).getByRole("textbox", { name: "URL" });
    await user.type(url, "https://127.0.0.1/");
    await user.click(within(dialog).getByRole("checkbox", { name: "order.paid" }));
    await user.click(within(dialog).getByRole("button", { name: "Register endpoint" }));
    await waitFor(() =>
      expect(url).toHaveAccessibleDescription(expect.stringContaining("This URL cannot receive webhooks.")),
    );
    reason = "too_many_webhook_endpoints";
    await user.click(within(dialog).getByRole("button", { name: "Register endpoint" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("at most 50 webhook endpoints");
  });
});

describe("an endpoint's screen", () => {
  it("shows the endpoint and its delivery log, newest first, paging by token in the URL", async () => {
    const { user, calls, router } = renderRoutes(tree, { url: `/webhooks/${erp.id}`, api: endpointApi() });
    expect(await screen.findByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeInTheDocument();
    expect(document.title).toBe("Webhook endpoint · Atelier back office");
    const details = screen.getByRole("region", { name: "Endpoint" });
    expect(details).toHaveTextContent(erp.url ?? "");
    expect(details).toHaveTextContent("ERP order sync");
    expect(details).toHaveTextContent("Enabled");

    const log = await screen.findByRole("table", { name: "Deliveries" });
    const ok = within(log).getByRole("row", { name: new RegExp(succeeded.event_id ?? "") });
    expect(ok).toHaveTextContent("order.paid");
    expect(ok).toHaveTextContent("Succeeded");
    expect(ok).toHaveTextContent("HTTP 200");
    expect(ok).toHaveTextContent("143 ms");
    const again = within(log).getByRole("row", { name: new RegExp(retrying.event_id ?? "") });
    expect(again).toHaveTextContent("Retrying");
    expect(again).toHaveTextContent("3");
    expect(again).toHaveTextContent("HTTP 503");
    expect(again).toHaveTextContent("the endpoint answered 503");
    expect(again).toHaveTextContent("Next 27 Nov 2026, 10:30");
    // The body is in a disclosure, closed until asked for.
    const body = within(again).getByText("Show body");
    expect(within(again).getByText(/Service Unavailable/)).not.toBeVisible();
    await user.click(body);
    expect(within(again).getByText(/Service Unavailable/)).toBeVisible();
    expect(calls.find((c) => c.path.endsWith("/deliveries"))?.query.get("page_size")).toBe("20");

    await user.click(screen.getByRole("button", { name: "Next" }));
    const last = await within(log).findByRole("row", { name: new RegExp(failed.event_id ?? "") });
    expect(last).toHaveTextContent("Failed");
    expect(last).toHaveTextContent("No answer");
    expect(last).toHaveTextContent("timed out after 10 s");
    expect(new URLSearchParams(router.state.location.search).get("page")).toBe("p2");
    expect(calls.at(-1)?.query.get("page_token")).toBe("p2");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("says so when there is no delivery yet, and shows pending and skipped ones", async () => {
    let deliveries: Delivery[] = [];
    const { user } = renderRoutes(tree, {
      url: `/webhooks/${erp.id}`,
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints/{endpoint_id}/deliveries": { get: () => ({ deliveries }) },
      }),
    });
    expect(await screen.findByText(/No deliveries yet/)).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pages of deliveries" })).not.toBeInTheDocument();
    deliveries = [pending, skipped];
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    const row = await screen.findByRole("row", { name: /Pending/ });
    expect(row).toHaveTextContent("Replayed");
    expect(row).toHaveTextContent("Not sent yet");
    expect(screen.getByRole("row", { name: /Skipped/ })).toBeInTheDocument();
  });

  it("shows why the endpoint could not be loaded", async () => {
    renderRoutes(tree, {
      url: `/webhooks/${erp.id}`,
      api: {
        "/api/v1/admin/webhook-endpoints/{endpoint_id}": {
          get: () => refuse(404, "webhook_endpoint_not_found", "No such webhook endpoint."),
        },
      },
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("No such webhook endpoint.");
    expect(screen.getByRole("link", { name: "Back to webhooks" })).toHaveAttribute("href", "/webhooks");
  });

  it("replays an event and reads the log again", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: `/webhooks/${erp.id}`,
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints/{endpoint_id}/events/{event_id}:replay": {
          post: () => ({ delivery: pending }),
        },
      }),
    });
    const button = await screen.findByRole("button", { name: `Replay order.paid ${succeeded.event_id}` });
    await user.click(button);
    expect(await screen.findByText("Event order.paid queued to be sent again.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.path).toBe(
      `/api/v1/admin/webhook-endpoints/${erp.id}/events/${succeeded.event_id}:replay`,
    );
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith("/deliveries"))).toHaveLength(2));
  });

  it("says to enable the endpoint when a replay is refused for it being disabled", async () => {
    const { user } = renderRoutes(tree, {
      url: `/webhooks/${erp.id}`,
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints/{endpoint_id}/events/{event_id}:replay": {
          post: () =>
            refuse(412, "webhook_endpoint_disabled", "enable the endpoint before replaying an event to it"),
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: `Replay order.paid ${succeeded.event_id}` }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Not replayed: enable the endpoint first");
  });

  it("edits the URL, note and types", async () => {
    const { user, calls } = renderRoutes(tree, {
      url: `/webhooks/${erp.id}`,
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints/{endpoint_id}": {
          get: () => ({ endpoint: erp }),
          patch: (req) => ({ endpoint: { ...erp, ...req.body } }),
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit endpoint" });
    const url = within(dialog).getByRole("textbox", { name: "URL" });
    expect(url).toHaveValue(erp.url);
    expect(within(dialog).getByRole("checkbox", { name: "order.paid" })).toBeChecked();
    await user.clear(url);
    await user.type(url, "https://erp2.partner.example/hooks");
    await user.click(within(dialog).getByRole("checkbox", { name: "order.created" }));
    await user.click(within(dialog).getByRole("checkbox", { name: "product.updated" }));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Endpoint https://erp2.partner.example/hooks saved.")).toBeInTheDocument();
    const patch = calls.find((c) => c.method === "PATCH");
    expect(patch?.path).toBe(`/api/v1/admin/webhook-endpoints/${erp.id}`);
    expect(patch?.body).toEqual({
      url: "https://erp2.partner.example/hooks",
      description: "ERP order sync",
      event_types: ["order.paid", "order.refunded", "product.updated"],
    });
    expect(screen.queryByRole("dialog", { name: "Edit endpoint" })).not.toBeInTheDocument();
  });

  it("puts the API's refusal of a new URL on the URL field", async () => {
    const { user } = renderRoutes(tree, {
      url: `/webhooks/${erp.id}`,
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints/{endpoint_id}": {
          get: () => ({ endpoint: erp }),
          patch: () =>
            refuse(400, "webhook_url_not_allowed", "This URL cannot receive webhooks: metadata address.", {
              metadata: { field: "url", refusal: "metadata" },
            }),
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit endpoint" });
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("textbox", { name: "URL" })).toHaveAccessibleDescription(
        expect.stringContaining("metadata address"),
      ),
    );
  });

  it("disables an endpoint after asking, and enables it again", async () => {
    let current = { ...erp };
    const { user, calls } = renderRoutes(tree, {
      url: `/webhooks/${erp.id}`,
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints/{endpoint_id}": {
          get: () => ({ endpoint: current }),
          patch: (req) => {
            current = req.body.enabled
              ? { ...current, enabled: true, failure_streak: 0, disabled_at: undefined }
              : { ...current, enabled: false, disabled_at: "2026-11-27T12:00:00Z" };
            return { endpoint: current };
          },
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Disable" }));
    const dialog = screen.getByRole("dialog", { name: "Disable this endpoint?" });
    expect(dialog).toHaveTextContent("those that happen meanwhile are skipped");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls.filter((c) => c.method === "PATCH")).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "Disable" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Disable this endpoint?" })).getByRole("button", {
        name: "Disable endpoint",
      }),
    );
    expect(await screen.findByText("Endpoint disabled.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ enabled: false });
    expect(screen.getByRole("region", { name: "Endpoint" })).toHaveTextContent("By an admin");
    expect(screen.getByRole("button", { name: `Replay order.paid ${succeeded.event_id}` })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Enable" }));
    expect(await screen.findByText("Endpoint enabled: events are sent to it again.")).toBeInTheDocument();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)?.body).toEqual({ enabled: true });
    expect(screen.getByRole("region", { name: "Endpoint" })).toHaveTextContent("Enabled");
  });

  it("explains an endpoint the shop disabled, and enabling it resets its failures", async () => {
    let current = { ...feed };
    const { user } = renderRoutes(tree, {
      url: `/webhooks/${feed.id}`,
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints/{endpoint_id}": {
          get: () => ({ endpoint: current }),
          patch: () => {
            current = {
              ...feed,
              enabled: true,
              disabled_reason: "",
              disabled_at: undefined,
              failure_streak: 0,
            };
            return { endpoint: current };
          },
        },
      }),
    });
    const warning = await screen.findByText("The shop disabled this endpoint");
    expect(warning.parentElement).toHaveTextContent("5 deliveries in a row failed after every attempt.");
    expect(warning.parentElement).toHaveTextContent("resets its failure count");
    const details = screen.getByRole("region", { name: "Endpoint" });
    expect(within(details).getByText("Failures in a row").nextElementSibling).toHaveTextContent("5");
    await user.click(screen.getByRole("button", { name: "Enable" }));
    await waitFor(() =>
      expect(within(details).getByText("Failures in a row").nextElementSibling).toHaveTextContent("0"),
    );
    expect(screen.queryByText("The shop disabled this endpoint")).not.toBeInTheDocument();
  });

  it("rotates the secret after explaining the overlap, and shows the new one once", async () => {
    let rotated = false;
    const { user } = renderRoutes(tree, {
      url: `/webhooks/${erp.id}`,
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints/{endpoint_id}:rotateSecret": {
          post: () => {
            rotated = true;
            return {
              endpoint: { ...erp, previous_secret_expires_at: "2026-11-28T12:00:00Z" },
              signing_secret: rotatedSecret,
            };
          },
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Rotate secret" }));
    const confirm = screen.getByRole("dialog", { name: "Rotate the signing secret?" });
    expect(confirm).toHaveTextContent("For the next 24 hours the old secret keeps signing too");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(rotated).toBe(false);

    await user.click(screen.getByRole("button", { name: "Rotate secret" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Rotate the signing secret?" })).getByRole("button", {
        name: "Rotate secret",
      }),
    );
    const shown = await screen.findByRole("dialog", { name: "Copy the new signing secret now" });
    expect(within(shown).getByRole("textbox", { name: "Signing secret" })).toHaveValue(rotatedSecret);
    expect(shown).toHaveTextContent("keeps signing beside this one until 28 Nov 2026, 12:00");
    expect(screen.getByText("Signing secret rotated. Copy the new one now.")).toBeInTheDocument();
    await user.click(within(shown).getByRole("button", { name: "I have stored it" }));
    await waitFor(() => expect(document.body.innerHTML).not.toContain(rotatedSecret));
    expect(screen.queryByRole("dialog", { name: "Copy the new signing secret now" })).not.toBeInTheDocument();
  });

  it("deletes the endpoint only after asking, then goes back to the list", async () => {
    let deleted = false;
    const { user, router } = renderRoutes(tree, {
      url: `/webhooks/${erp.id}`,
      api: endpointApi({
        "/api/v1/admin/webhook-endpoints/{endpoint_id}": {
          get: () => ({ endpoint: erp }),
          delete: () => {
            deleted = true;
            return {};
          },
        },
      }),
    });
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this endpoint?" });
    expect(dialog).toHaveTextContent("its delivery log is removed");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(deleted).toBe(false);

    await user.click(screen.getByRole("button", { name: "Delete" }));
    await user.click(
      within(screen.getByRole("dialog", { name: "Delete this endpoint?" })).getByRole("button", {
        name: "Delete endpoint",
      }),
    );
    expect(await screen.findByText(`Endpoint ${erp.url} deleted.`)).toBeInTheDocument();
    expect(deleted).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe("/webhooks"));
    expect(await screen.findByRole("heading", { level: 1, name: "Webhooks" })).toBeInTheDocument();
  });
});
