import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RequestPasswordResetResponseSchema } from "~/gen/atelier/store/v1/auth_service_pb";
import type { Api } from "~/lib/server/api.server";
import { actionArgs, apiError } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import { renderRoute } from "~/lib/testing/route";
import ForgotPasswordRoute, { action, loader } from "./forgot-password";

type RequestReset = Api["auth"]["requestPasswordReset"];
const accepted: RequestReset = async () => create(RequestPasswordResetResponseSchema, {});

function renderPage(request: RequestReset = accepted) {
  const spy = vi.fn<RequestReset>(request);
  renderRoute(
    "/forgot-password",
    { Component: ForgotPasswordRoute, loader, action },
    {
      auth: { requestPasswordReset: spy },
    },
  );
  return { requestReset: spy };
}

describe("forgot password page", () => {
  it("sends the link and gives the same answer for any address", async () => {
    const user = userEvent.setup();
    const { requestReset } = renderPage();
    const email = await screen.findByLabelText("Email");
    expect(email).toHaveAttribute("autocomplete", "email");
    await user.type(email, "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "If an account exists for that address, we've sent a link to reset your password.",
    );
    expect(requestReset).toHaveBeenCalledWith({ email: "ada@example.com" });
    expectLink("Back to Sign In", "/login");
  });

  it("asks for an address before sending", async () => {
    const user = userEvent.setup();
    const { requestReset } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter your email address.");
    expect(requestReset).not.toHaveBeenCalled();
  });

  it("says how long to wait when throttled", async () => {
    const user = userEvent.setup();
    renderPage(() =>
      Promise.reject(
        apiError(Code.ResourceExhausted, "too many", "too_many_requests", { "Retry-After": "600" }),
      ),
    );
    await user.type(await screen.findByLabelText("Email"), "ada@example.com");
    await user.click(screen.getByRole("button", { name: "Send Reset Link" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Too many password reset requests. Please wait 10 minutes and try again.",
    );
  });
});

describe("forgot password action", () => {
  it("redirects a plain form post to the confirmation", async () => {
    const res = (await action(
      actionArgs(
        "/forgot-password",
        { email: "nobody@example.com" },
        { auth: { requestPasswordReset: accepted } },
      ) as never,
    )) as Response;
    expect(res.headers.get("location")).toBe("/forgot-password?sent=1");
  });

  it("apologises when the API cannot be reached, rather than claiming a link was sent", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await action(
      actionArgs(
        "/forgot-password",
        { email: "ada@example.com" },
        { auth: { requestPasswordReset: () => Promise.reject(new ConnectError("down", Code.Unavailable)) } },
      ) as never,
    );
    expect(res).not.toBeInstanceOf(Response);
    expect((res as { init: ResponseInit }).init.status).toBe(503);
  });
});
