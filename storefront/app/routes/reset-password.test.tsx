import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmPasswordResetResponseSchema } from "~/gen/atelier/store/v1/auth_service_pb";
import type { Api } from "~/lib/server/api.server";
import { actionArgs, apiError, loaderArgs } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import { renderRoute } from "~/lib/testing/route";
import ResetPasswordRoute, { action, headers, loader, meta } from "./reset-password";

type Confirm = Api["auth"]["confirmPasswordReset"];
const confirmed: Confirm = async () => create(ConfirmPasswordResetResponseSchema, {});

function renderPage(path: string, confirm: Confirm = confirmed) {
  const spy = vi.fn<Confirm>(confirm);
  renderRoute(
    "/reset-password",
    { Component: ResetPasswordRoute, loader, action },
    {
      auth: { confirmPasswordReset: spy },
    },
    { at: path },
  );
  return { confirm: spy };
}

describe("reset password page", () => {
  it("sets the new password with the link's token and sends the shopper to sign in", async () => {
    const user = userEvent.setup();
    const { confirm } = renderPage("/reset-password?token=abc123");
    const password = await screen.findByLabelText("New Password");
    expect(password).toHaveAttribute("autocomplete", "new-password");
    await user.type(password, "a new password");
    await user.type(screen.getByLabelText("Confirm New Password"), "a new password");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent("/login?reset=1"));
    expect(confirm).toHaveBeenCalledWith({ token: "abc123", newPassword: "a new password" });
  });

  it("checks the passwords match before sending", async () => {
    const user = userEvent.setup();
    const { confirm } = renderPage("/reset-password?token=abc123");
    await user.type(await screen.findByLabelText("New Password"), "a new password");
    await user.type(screen.getByLabelText("Confirm New Password"), "another password");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Passwords do not match");
    expect(screen.getByLabelText("Confirm New Password")).toHaveAttribute("aria-invalid", "true");
    expect(confirm).not.toHaveBeenCalled();
  });

  it("shows the API's word on a used or expired link, with a way to ask for a new one", async () => {
    const user = userEvent.setup();
    renderPage("/reset-password?token=used", () =>
      Promise.reject(
        apiError(
          Code.InvalidArgument,
          "This reset link has expired or was already used",
          "invalid_reset_token",
        ),
      ),
    );
    await user.type(await screen.findByLabelText("New Password"), "a new password");
    await user.type(screen.getByLabelText("Confirm New Password"), "a new password");
    await user.click(screen.getByRole("button", { name: "Set New Password" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("This reset link has expired or was already used");
    expectLink("Request a new link", "/forgot-password");
  });

  it("explains a link without a token", async () => {
    renderPage("/reset-password");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This password reset link is invalid or has expired.",
    );
    expect(screen.queryByLabelText("New Password")).not.toBeInTheDocument();
  });

  it("sends a Referer only to the shop itself, never to other sites (its URL holds the token)", () => {
    expect(meta({ matches: [] } as never)).toContainEqual({ name: "referrer", content: "same-origin" });
    expect(headers({} as never)).toEqual({ "Referrer-Policy": "same-origin" });
  });

  it("posts to plain /reset-password, the token travelling in the form rather than the URL", async () => {
    renderPage("/reset-password?token=abc123");
    const password = await screen.findByLabelText("New Password");
    const form = password.closest("form");
    expect(form).toHaveAttribute("action", "/reset-password");
    expect(form?.querySelector('input[type="hidden"][name="token"]')).toHaveValue("abc123");
  });
});

describe("reset password action", () => {
  /** Posts a valid new password with the token "abc". */
  const resetWith = (confirmPasswordReset: Confirm) =>
    action(
      actionArgs(
        "/reset-password",
        { token: "abc", password: "a new password", confirmPassword: "a new password" },
        { auth: { confirmPasswordReset } },
      ) as never,
    );

  it("ends this browser's session too, and redirects to sign in", async () => {
    const confirm = vi.fn<Confirm>(confirmed);
    const res = (await resetWith(confirm)) as Response;
    expect(confirm).toHaveBeenCalledWith({ token: "abc", newPassword: "a new password" });
    expect(res.headers.get("location")).toBe("/login?reset=1");
    expect(res.headers.get("set-cookie")).toMatch(/^atelier_session=; .*Max-Age=0/);
  });

  it("takes the token from the form only, never from the post's URL", async () => {
    const confirm = vi.fn<Confirm>(confirmed);
    const res = await action(
      actionArgs(
        "/reset-password?token=abc",
        { password: "a new password", confirmPassword: "a new password" },
        { auth: { confirmPasswordReset: confirm } },
      ) as never,
    );
    expect((res as { data: unknown }).data).toEqual({
      error: "This password reset link is invalid or has expired.",
      linkInvalid: true,
    });
    expect(confirm).not.toHaveBeenCalled();
  });

  it("passes on the API's password rule, by its reason", async () => {
    const res = await resetWith(() =>
      Promise.reject(
        apiError(Code.InvalidArgument, "Password must be at least 8 characters", "password_too_short"),
      ),
    );
    expect((res as { data: unknown }).data).toEqual({
      error: "Password must be at least 8 characters",
      field: "password",
    });
  });

  it("does not guess from the wording of other refusals", async () => {
    const res = await resetWith(() =>
      Promise.reject(new ConnectError("token: Password must be at least 8 characters", Code.InvalidArgument)),
    );
    expect((res as { data: unknown }).data).toEqual({
      error: "This password reset link is invalid or has expired.",
      linkInvalid: true,
    });
  });

  it("hands the loader's token to the form", async () => {
    expect(await loader(loaderArgs("/reset-password?token=t0k3n", {}) as never)).toEqual({ token: "t0k3n" });
  });
});
