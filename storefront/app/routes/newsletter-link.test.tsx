import { create } from "@bufbuild/protobuf";
import { Code } from "@connectrpc/connect";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import {
  ConfirmSubscriptionResponseSchema,
  UnsubscribeResponseSchema,
} from "~/gen/atelier/store/v1/newsletter_service_pb";
import type { Api } from "~/lib/server/api.server";
import { actionArgs, apiError, contextWith, loaderArgs } from "~/lib/testing/api";
import NewsletterLinkRoute, { action, headers, loader, meta, newsletterLinkText } from "./newsletter-link";

type Newsletter = Pick<Api["newsletter"], "confirmSubscription" | "unsubscribe">;

function fakeNewsletter(overrides: Partial<Newsletter> = {}) {
  return {
    confirmSubscription: vi.fn<Newsletter["confirmSubscription"]>(async () =>
      create(ConfirmSubscriptionResponseSchema, { email: "ada@example.com" }),
    ),
    unsubscribe: vi.fn<Newsletter["unsubscribe"]>(async () => create(UnsubscribeResponseSchema, {})),
    ...overrides,
  };
}

function renderPage(path: string, newsletter = fakeNewsletter()) {
  const route = (p: string) => ({
    path: p,
    Component: NewsletterLinkRoute,
    loader: (args: object) => loader(args as never),
    action: (args: object) => action({ ...args, context: contextWith({ newsletter }) } as never),
  });
  const Stub = createRoutesStub([route("/newsletter/confirm"), route("/newsletter/unsubscribe")] as never);
  render(<Stub initialEntries={[path]} />);
  return newsletter;
}

describe("newsletter link pages", () => {
  it("confirms a sign-up only when the shopper clicks, never by opening the link", async () => {
    const user = userEvent.setup();
    const newsletter = renderPage("/newsletter/confirm?token=ABCDEFGHIJKLMNOPQRSTUVWXYZ");
    const button = await screen.findByRole("button", { name: "Confirm Subscription" });
    expect(newsletter.confirmSubscription).not.toHaveBeenCalled();
    await user.click(button);
    expect(await screen.findByRole("status")).toHaveTextContent(newsletterLinkText.confirm.done);
    expect(newsletter.confirmSubscription).toHaveBeenCalledWith({ token: "ABCDEFGHIJKLMNOPQRSTUVWXYZ" });
  });

  it("unsubscribes with one click on the page", async () => {
    const user = userEvent.setup();
    const newsletter = renderPage("/newsletter/unsubscribe?token=tok-123");
    expect(await screen.findByRole("heading", { level: 1, name: "Unsubscribe" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("status")).toHaveTextContent("You have been unsubscribed.");
    expect(newsletter.unsubscribe).toHaveBeenCalledWith({ token: "tok-123" });
    expect(newsletter.confirmSubscription).not.toHaveBeenCalled();
  });

  it("explains a used or expired confirmation link", async () => {
    const user = userEvent.setup();
    renderPage(
      "/newsletter/confirm?token=used",
      fakeNewsletter({
        confirmSubscription: async () => {
          throw apiError(
            Code.FailedPrecondition,
            "This confirmation link is invalid or has expired.",
            "invalid_confirmation_token",
          );
        },
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Confirm Subscription" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(newsletterLinkText.confirm.invalid);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("explains a link without a token", async () => {
    renderPage("/newsletter/unsubscribe");
    expect(await screen.findByRole("alert")).toHaveTextContent(newsletterLinkText.unsubscribe.invalid);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("takes the token from the form, not the post's URL, and reads the page from the path", async () => {
    const unsubscribe = vi.fn<Newsletter["unsubscribe"]>(async () => create(UnsubscribeResponseSchema, {}));
    const res = await action(
      actionArgs("/newsletter/unsubscribe?token=from-url", {}, { newsletter: { unsubscribe } }) as never,
    );
    expect(res).toMatchObject({ data: { ok: false, linkInvalid: true }, init: { status: 400 } });
    expect(unsubscribe).not.toHaveBeenCalled();
    expect(await loader(loaderArgs("/newsletter/unsubscribe?token=abc", {}) as never)).toEqual({
      kind: "unsubscribe",
      token: "abc",
    });
    expect(await loader(loaderArgs("/newsletter/confirm?token=abc", {}) as never)).toEqual({
      kind: "confirm",
      token: "abc",
    });
  });

  it("answers calmly when the API is unavailable", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const confirmSubscription = vi.fn(async () => {
      throw apiError(Code.Unavailable, "down");
    });
    const res = await action(
      actionArgs("/newsletter/confirm", { token: "abc" }, { newsletter: { confirmSubscription } }) as never,
    );
    expect(res).toMatchObject({ data: { ok: false }, init: { status: 503 } });
  });

  it("sends a Referer only to the shop itself and keeps the pages out of search results", () => {
    const tags = meta({ matches: [], loaderData: { kind: "unsubscribe", token: "x" } } as never);
    expect(tags).toContainEqual({ name: "referrer", content: "same-origin" });
    expect(tags).toContainEqual(expect.objectContaining({ name: "robots" }));
    expect(headers({} as never)).toEqual({ "Referrer-Policy": "same-origin" });
  });
});
