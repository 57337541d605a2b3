import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ChangePasswordResponseSchema, UpdateProfileResponseSchema } from "~/gen/atelier/store/v1/auth_service_pb";
import type { Api } from "~/lib/api.server";
import { actionArgs, apiError, contextWith, customerAccount, type FakeApi, loaderArgs } from "~/lib/api.testing";
import AccountRoute, { action, loader } from "./account";

type Update = Api["auth"]["updateProfile"];
type Change = Api["auth"]["changePassword"];
const updated: Update = async (req) => create(UpdateProfileResponseSchema, { user: { id: "u-1", ...(req as object) } });
const changed: Change = async () => create(ChangePasswordResponseSchema, {});

function renderAccount(api: { updateProfile?: Update; changePassword?: Change } = {}) {
  const updateProfile = vi.fn<Update>(api.updateProfile ?? updated);
  const changePassword = vi.fn<Change>(api.changePassword ?? changed);
  const fake: FakeApi = { auth: { updateProfile, changePassword } };
  const Stub = createRoutesStub([
    {
      path: "/account",
      Component: AccountRoute,
      loader: (args) => loader({ ...args, context: contextWith(fake, customerAccount) } as never),
      action: (args) => action({ ...args, context: contextWith(fake, customerAccount) } as never),
    },
  ]);
  render(<Stub initialEntries={["/account"]} />);
  return { updateProfile, changePassword };
}

describe("account page", () => {
  it("greets the shopper and links to orders and the wishlist", async () => {
    renderAccount();
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Account" });
    expect(within(nav).getByRole("link", { name: /Your Orders/ })).toHaveAttribute("href", "/orders");
    expect(within(nav).getByRole("link", { name: /Your Wishlist/ })).toHaveAttribute("href", "/wishlist");
  });

  it("shows the profile and saves changes, announcing success", async () => {
    const user = userEvent.setup();
    const { updateProfile } = renderAccount();
    const details = await screen.findByRole("region", { name: "Your Details" });
    expect(within(details).getByLabelText("First Name")).toHaveValue("Ada");
    expect(within(details).getByLabelText("First Name")).toHaveAttribute("autocomplete", "given-name");
    expect(within(details).getByLabelText("Last Name")).toHaveValue("Lovelace");
    expect(within(details).getByLabelText("Email")).toHaveValue("ada@example.com");
    await user.clear(within(details).getByLabelText("Last Name"));
    await user.type(within(details).getByLabelText("Last Name"), "King");
    await user.click(within(details).getByRole("button", { name: "Save Details" }));
    await waitFor(() => expect(within(details).getByRole("status")).toHaveTextContent("Your details have been saved."));
    expect(updateProfile).toHaveBeenCalledWith({ firstName: "Ada", lastName: "King", email: "ada@example.com" });
  });

  it("changes the password, then empties the form", async () => {
    const user = userEvent.setup();
    const { changePassword } = renderAccount();
    const form = await screen.findByRole("region", { name: "Change Password" });
    expect(within(form).getByLabelText("Current Password")).toHaveAttribute("autocomplete", "current-password");
    expect(within(form).getByLabelText("New Password")).toHaveAttribute("autocomplete", "new-password");
    await user.type(within(form).getByLabelText("Current Password"), "old password");
    await user.type(within(form).getByLabelText("New Password"), "new password");
    await user.type(within(form).getByLabelText("Confirm New Password"), "new password");
    await user.click(within(form).getByRole("button", { name: "Change Password" }));
    await waitFor(() => expect(within(form).getByRole("status")).toHaveTextContent("Your password has been changed."));
    expect(changePassword).toHaveBeenCalledWith({ currentPassword: "old password", newPassword: "new password" });
    expect(within(form).getByLabelText("Current Password")).toHaveValue("");
  });

  it("says when the current password is wrong", async () => {
    const user = userEvent.setup();
    renderAccount({ changePassword: () => Promise.reject(apiError(Code.Unauthenticated, "Invalid credentials", "invalid_credentials")) });
    const form = await screen.findByRole("region", { name: "Change Password" });
    await user.type(within(form).getByLabelText("Current Password"), "not it");
    await user.type(within(form).getByLabelText("New Password"), "new password");
    await user.type(within(form).getByLabelText("Confirm New Password"), "new password");
    await user.click(within(form).getByRole("button", { name: "Change Password" }));
    const alert = await within(form).findByRole("alert");
    expect(alert).toHaveTextContent("Current password is incorrect");
    expect(within(form).getByLabelText("Current Password")).toHaveAttribute("aria-invalid", "true");
  });

  it("checks the new password in the page first", async () => {
    const user = userEvent.setup();
    const { changePassword } = renderAccount();
    const form = await screen.findByRole("region", { name: "Change Password" });
    await user.type(within(form).getByLabelText("Current Password"), "old password");
    await user.type(within(form).getByLabelText("New Password"), "short");
    await user.type(within(form).getByLabelText("Confirm New Password"), "short");
    await user.click(within(form).getByRole("button", { name: "Change Password" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("Password must be at least 8 characters");
    expect(changePassword).not.toHaveBeenCalled();
  });
});

describe("account loader", () => {
  it("sends a guest to sign in, coming back here", async () => {
    await expect(loader(loaderArgs("/account", {}) as never)).rejects.toSatisfy(
      (res: Response) => res.status === 302 && res.headers.get("location") === "/login?redirectTo=%2Faccount",
    );
  });

  it("deletes the cookie of a session that has ended", async () => {
    const res = await loader(loaderArgs("/account", {}, undefined, { ended: true }) as never).catch((r: Response) => r);
    expect((res as Response).headers.get("set-cookie")).toMatch(/^atelier_session=; .*Max-Age=0/);
  });

  it("answers 503 rather than sign-in when the API cannot say who the shopper is", async () => {
    await expect(loader(loaderArgs("/account", {}, undefined, { unknown: true }) as never)).rejects.toMatchObject({ init: { status: 503 } });
  });

  it("shows the confirmation after a plain form post", async () => {
    expect(await loader(loaderArgs("/account?updated=password", {}, undefined, customerAccount) as never)).toMatchObject({ changed: true, saved: false });
  });
});

describe("account action", () => {
  it("redirects a plain form post back with the confirmation", async () => {
    const res = (await action(
      actionArgs("/account", { intent: "profile", firstName: "Ada", lastName: "King", email: "ada@example.com" }, { auth: { updateProfile: updated } }, { session: customerAccount }) as never,
    )) as Response;
    expect(res.headers.get("location")).toBe("/account?updated=profile");
  });

  it("refuses an address another account has", async () => {
    const res = await action(
      actionArgs(
        "/account",
        { intent: "profile", enhanced: "1", firstName: "Ada", lastName: "King", email: "taken@example.com" },
        { auth: { updateProfile: () => Promise.reject(apiError(Code.AlreadyExists, "taken", "email_taken")) } },
        { session: customerAccount },
      ) as never,
    );
    expect((res as { data: unknown }).data).toMatchObject({ ok: false, error: "An account with this email already exists.", fields: ["email"] });
  });

  it("sends a guest to sign in", async () => {
    await expect(action(actionArgs("/account", { intent: "password" }, {}) as never)).rejects.toMatchObject({ status: 302 });
  });

  it("apologises when the API is down", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await action(
      actionArgs(
        "/account",
        { intent: "password", enhanced: "1", currentPassword: "old password", newPassword: "new password", confirmPassword: "new password" },
        { auth: { changePassword: () => Promise.reject(new ConnectError("down", Code.Unavailable)) } },
        { session: customerAccount },
      ) as never,
    );
    expect((res as { init: ResponseInit }).init.status).toBe(503);
  });
});
