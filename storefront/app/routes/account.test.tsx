import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import {
  BeginTotpSetupResponseSchema,
  ChangePasswordResponseSchema,
  DisableTotpResponseSchema,
  EnableTotpResponseSchema,
  GetMeResponseSchema,
  UpdateProfileResponseSchema,
} from "~/gen/atelier/store/v1/auth_service_pb";
import type { Api } from "~/lib/server/api.server";
import { actionArgs, apiError, customerAccount, type FakeApi, loaderArgs } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import { renderRoute } from "~/lib/testing/route";
import AccountRoute, { action, loader } from "./account";

type Update = Api["auth"]["updateProfile"];
type Change = Api["auth"]["changePassword"];
const updated: Update = async (req) =>
  create(UpdateProfileResponseSchema, { user: { id: "u-1", ...(req as object) } });
const changed: Change = async () => create(ChangePasswordResponseSchema, {});

type GetMe = Api["auth"]["getMe"];
type Begin = Api["auth"]["beginTotpSetup"];
type Enable = Api["auth"]["enableTotp"];
type Disable = Api["auth"]["disableTotp"];

/** The API's view of the shopper's two-factor authentication, which the fakes below change. */
function twoFactorApi(
  initial: { totpEnabled?: boolean; totpEnrolmentRequired?: boolean } = {},
  over: { enableTotp?: Enable; disableTotp?: Disable } = {},
) {
  const state = { totpEnabled: false, totpEnrolmentRequired: false, ...initial };
  const getMe = vi.fn<GetMe>(async () =>
    create(GetMeResponseSchema, { user: { id: "u-1", firstName: "Ada", ...state } }),
  );
  const beginTotpSetup = vi.fn<Begin>(async () =>
    create(BeginTotpSetupResponseSchema, {
      secret: "JBSWY3DPEHPK3PXP",
      otpauthUri: "otpauth://totp/Atelier:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Atelier",
    }),
  );
  const enableTotp = vi.fn<Enable>(
    over.enableTotp ??
      (async () => {
        Object.assign(state, { totpEnabled: true, totpEnrolmentRequired: false });
        return create(EnableTotpResponseSchema, {
          recoveryCodes: Array.from({ length: 10 }, (_, i) => `code-${i}aaa-bbbb-cccc`),
        });
      }),
  );
  const disableTotp = vi.fn<Disable>(
    over.disableTotp ??
      (async () => {
        state.totpEnabled = false;
        return create(DisableTotpResponseSchema, {});
      }),
  );
  return { getMe, beginTotpSetup, enableTotp, disableTotp };
}

/** The API's answer when the current password given is not the account's. */
const wrongPassword = () =>
  Promise.reject(apiError(Code.InvalidArgument, "Current password is incorrect", "wrong_password"));

function renderAccount(
  api: { updateProfile?: Update; changePassword?: Change; twoFactor?: ReturnType<typeof twoFactorApi> } = {},
) {
  const updateProfile = vi.fn<Update>(api.updateProfile ?? updated);
  const changePassword = vi.fn<Change>(api.changePassword ?? changed);
  const fake: FakeApi = { auth: { updateProfile, changePassword, ...(api.twoFactor ?? twoFactorApi()) } };
  renderRoute("/account", { Component: AccountRoute, loader, action }, fake, { session: customerAccount });
  return { updateProfile, changePassword };
}

describe("account page", () => {
  it("greets the shopper and links to orders and the wishlist", async () => {
    renderAccount();
    expect(await screen.findByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Account" });
    expectLink(/Your Orders/, "/orders", nav);
    expectLink(/Your Wishlist/, "/wishlist", nav);
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
    await waitFor(() =>
      expect(within(details).getByRole("status")).toHaveTextContent(/^Your details have been saved\.$/),
    );
    expect(updateProfile).toHaveBeenCalledWith({
      firstName: "Ada",
      lastName: "King",
      email: "ada@example.com",
      currentPassword: "",
    });
  });

  it("asks for the current password (optional, with its hint) and sends it with a new address", async () => {
    const user = userEvent.setup();
    const { updateProfile } = renderAccount();
    const details = await screen.findByRole("region", { name: "Your Details" });
    const password = within(details).getByLabelText("Current Password");
    expect(password).toHaveAttribute("type", "password");
    expect(password).toHaveAttribute("autocomplete", "current-password");
    expect(password).not.toBeRequired();
    expect(password).toHaveAccessibleDescription("Needed only to change your email address.");
    await user.clear(within(details).getByLabelText("Email"));
    await user.type(within(details).getByLabelText("Email"), "ada@newmail.example");
    await user.type(password, "my password");
    await user.click(within(details).getByRole("button", { name: "Save Details" }));
    await waitFor(() =>
      expect(within(details).getByRole("status")).toHaveTextContent(
        "you have been signed out on your other devices",
      ),
    );
    expect(updateProfile).toHaveBeenCalledWith({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@newmail.example",
      currentPassword: "my password",
    });
    expect(password).toHaveValue("");
  });

  it("asks for the current password when the API needs it to change the address", async () => {
    const user = userEvent.setup();
    renderAccount({
      updateProfile: () =>
        Promise.reject(
          apiError(Code.FailedPrecondition, "current password required", "current_password_required"),
        ),
    });
    const details = await screen.findByRole("region", { name: "Your Details" });
    await user.clear(within(details).getByLabelText("Email"));
    await user.type(within(details).getByLabelText("Email"), "ada@newmail.example");
    await user.click(within(details).getByRole("button", { name: "Save Details" }));
    const alert = await within(details).findByRole("alert");
    expect(alert).toHaveTextContent("Please enter your current password to change your email address.");
    expect(within(details).getByLabelText("Current Password")).toHaveAttribute("aria-invalid", "true");
    // What was typed is kept, so the shopper only adds the password.
    expect(within(details).getByLabelText("Email")).toHaveValue("ada@newmail.example");
  });

  it("says when the current password given for a new address is wrong, and empties it", async () => {
    const user = userEvent.setup();
    renderAccount({ updateProfile: wrongPassword });
    const details = await screen.findByRole("region", { name: "Your Details" });
    await user.clear(within(details).getByLabelText("Email"));
    await user.type(within(details).getByLabelText("Email"), "ada@newmail.example");
    await user.type(within(details).getByLabelText("Current Password"), "not it");
    await user.click(within(details).getByRole("button", { name: "Save Details" }));
    expect(await within(details).findByRole("alert")).toHaveTextContent("Current password is incorrect");
    expect(within(details).getByLabelText("Current Password")).toHaveAttribute("aria-invalid", "true");
    expect(within(details).getByLabelText("Current Password")).toHaveValue("");
  });

  it("changes the password, then empties the form", async () => {
    const user = userEvent.setup();
    const { changePassword } = renderAccount();
    const form = await screen.findByRole("region", { name: "Change Password" });
    expect(within(form).getByLabelText("Current Password")).toHaveAttribute(
      "autocomplete",
      "current-password",
    );
    expect(within(form).getByLabelText("New Password")).toHaveAttribute("autocomplete", "new-password");
    await user.type(within(form).getByLabelText("Current Password"), "old password");
    await user.type(within(form).getByLabelText("New Password"), "new password");
    await user.type(within(form).getByLabelText("Confirm New Password"), "new password");
    await user.click(within(form).getByRole("button", { name: "Change Password" }));
    await waitFor(() =>
      expect(within(form).getByRole("status")).toHaveTextContent("Your password has been changed."),
    );
    expect(changePassword).toHaveBeenCalledWith({
      currentPassword: "old password",
      newPassword: "new password",
    });
    expect(within(form).getByLabelText("Current Password")).toHaveValue("");
  });

  it("says when the current password is wrong", async () => {
    const user = userEvent.setup();
    renderAccount({ changePassword: wrongPassword });
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
    expect(await within(form).findByRole("alert")).toHaveTextContent(
      "Password must be at least 8 characters",
    );
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
    const res = await loader(loaderArgs("/account", {}, undefined, { ended: true }) as never).catch(
      (r: Response) => r,
    );
    expect((res as Response).headers.get("set-cookie")).toMatch(/^atelier_session=; .*Max-Age=0/);
  });

  it("answers 503 rather than sign-in when the API cannot say who the shopper is", async () => {
    await expect(
      loader(loaderArgs("/account", {}, undefined, { unknown: true }) as never),
    ).rejects.toMatchObject({ init: { status: 503 } });
  });

  it("shows the confirmation after a plain form post", async () => {
    expect(
      await loader(
        loaderArgs(
          "/account?updated=password",
          { auth: twoFactorApi() },
          undefined,
          customerAccount,
        ) as never,
      ),
    ).toMatchObject({ changed: true, saved: null });
    expect(
      await loader(
        loaderArgs("/account?updated=profile", { auth: twoFactorApi() }, undefined, customerAccount) as never,
      ),
    ).toMatchObject({ changed: false, saved: "Your details have been saved." });
    expect(
      await loader(
        loaderArgs("/account?updated=email", { auth: twoFactorApi() }, undefined, customerAccount) as never,
      ),
    ).toMatchObject({
      saved:
        "Your details have been saved. As your email address changed, you have been signed out on your other devices.",
    });
  });
});

describe("account action", () => {
  it("redirects a plain form post back with the confirmation", async () => {
    const res = (await action(
      actionArgs(
        "/account",
        { intent: "profile", firstName: "Ada", lastName: "King", email: "ada@example.com" },
        { auth: { updateProfile: updated } },
        { session: customerAccount },
      ) as never,
    )) as Response;
    expect(res.headers.get("location")).toBe("/account?updated=profile");
  });

  it("refuses an address another account has", async () => {
    const res = await action(
      actionArgs(
        "/account",
        { intent: "profile", enhanced: "1", firstName: "Ada", lastName: "King", email: "taken@example.com" },
        {
          auth: { updateProfile: () => Promise.reject(apiError(Code.AlreadyExists, "taken", "email_taken")) },
        },
        { session: customerAccount },
      ) as never,
    );
    expect((res as { data: unknown }).data).toMatchObject({
      ok: false,
      error: "An account with this email already exists.",
      fields: ["email"],
    });
  });

  const passwordChange = {
    intent: "password",
    enhanced: "1",
    currentPassword: "old password",
    newPassword: "new password",
    confirmPassword: "new password",
  };
  const emailChange = {
    intent: "profile",
    enhanced: "1",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@newmail.example",
    currentPassword: "my password",
  };
  const answer = (res: unknown) => res as { data: unknown; init: ResponseInit };

  it("redirects a plain form post that changed the address to its own confirmation", async () => {
    const updateProfile = vi.fn<Update>(updated);
    const res = (await action(
      actionArgs(
        "/account",
        { ...emailChange, enhanced: "" },
        { auth: { updateProfile } },
        { session: customerAccount },
      ) as never,
    )) as Response;
    expect(res.headers.get("location")).toBe("/account?updated=email");
    expect(updateProfile).toHaveBeenCalledWith({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@newmail.example",
      currentPassword: "my password",
    });
  });

  it.each([
    [
      Code.FailedPrecondition,
      "current_password_required",
      "Please enter your current password to change your email address.",
    ],
    [
      Code.InvalidArgument,
      "current_password_required",
      "Please enter your current password to change your email address.",
    ],
    [Code.InvalidArgument, "wrong_password", "Current password is incorrect"],
  ])(
    "answers a profile refusal (%s, %s) by its reason, pointing at the current password",
    async (code, reason, message) => {
      const res = await action(
        actionArgs(
          "/account",
          emailChange,
          { auth: { updateProfile: () => Promise.reject(apiError(code, "worded by the API", reason)) } },
          { session: customerAccount },
        ) as never,
      );
      expect(answer(res).data).toEqual({
        intent: "profile",
        ok: false,
        error: message,
        fields: ["currentPassword"],
        values: { firstName: "Ada", lastName: "Lovelace", email: "ada@newmail.example" },
      });
      expect(answer(res).init.status).toBe(400);
    },
  );

  it.each([
    [
      "profile",
      {
        updateProfile: () =>
          Promise.reject(apiError(Code.Unauthenticated, "session ended", "unauthenticated")),
      },
      emailChange,
    ],
    [
      "password",
      {
        changePassword: () =>
          Promise.reject(apiError(Code.Unauthenticated, "session ended", "unauthenticated")),
      },
      passwordChange,
    ],
  ] as const)(
    "sends the shopper to sign in when the session ended meanwhile (%s), deleting its cookie",
    async (_intent, auth, fields) => {
      const res = (await action(
        actionArgs("/account", fields, { auth }, { session: customerAccount }) as never,
      )) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login?redirectTo=%2Faccount");
      expect(res.headers.get("set-cookie")).toMatch(/^atelier_session=; .*Max-Age=0/);
    },
  );

  it("answers the password rules by their reasons, not their wording", async () => {
    const run = async (err: Error) =>
      answer(
        await action(
          actionArgs(
            "/account",
            passwordChange,
            { auth: { changePassword: () => Promise.reject(err) } },
            { session: customerAccount },
          ) as never,
        ),
      ).data;
    expect(
      await run(apiError(Code.InvalidArgument, "Current password is incorrect", "wrong_password")),
    ).toMatchObject({ error: "Current password is incorrect", fields: ["currentPassword"] });
    expect(
      await run(
        apiError(Code.InvalidArgument, "Password must be at least 8 characters", "password_too_short"),
      ),
    ).toMatchObject({
      error: "Password must be at least 8 characters",
      fields: ["newPassword"],
    });
    // The same words without the reason are not taken for the rule.
    expect(
      await run(
        apiError(
          Code.InvalidArgument,
          "new_password: Password must be at least 8 characters, and more",
          "invalid_argument",
        ),
      ),
    ).toMatchObject({
      error: "new_password: Password must be at least 8 characters, and more",
      fields: [],
    });
    // A refusal of another kind is not taken for a wrong password.
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await run(apiError(Code.PermissionDenied, "no", "permission_denied"))).toMatchObject({
      error: "We could not reach our account service just now. Please try again in a moment.",
    });
  });

  it("sends a guest to sign in", async () => {
    await expect(action(actionArgs("/account", { intent: "password" }, {}) as never)).rejects.toMatchObject({
      status: 302,
    });
  });

  it("apologises when the API is down", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await action(
      actionArgs(
        "/account",
        {
          intent: "password",
          enhanced: "1",
          currentPassword: "old password",
          newPassword: "new password",
          confirmPassword: "new password",
        },
        { auth: { changePassword: () => Promise.reject(new ConnectError("down", Code.Unavailable)) } },
        { session: customerAccount },
      ) as never,
    );
    expect((res as { init: ResponseInit }).init.status).toBe(503);
  });
});

describe("two-factor authentication on the account page", () => {
  it("sets it up: password, then the key and its link, then a code, then the recovery codes once", async () => {
    const user = userEvent.setup();
    const twoFactor = twoFactorApi();
    renderAccount({ twoFactor });
    const section = await screen.findByRole("region", { name: "Two-Factor Authentication" });
    expect(within(section).queryByText(/admin account needs/)).not.toBeInTheDocument();
    await user.type(within(section).getByLabelText("Current Password"), "my password");
    await user.click(within(section).getByRole("button", { name: "Set Up Two-Factor Authentication" }));

    expect(await within(section).findByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();
    expectLink(
      "Open in your authenticator app",
      "otpauth://totp/Atelier:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Atelier",
      section,
    );
    expect(twoFactor.beginTotpSetup).toHaveBeenCalledWith({ currentPassword: "my password" });
    const code = within(section).getByLabelText("Authentication Code");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    await user.type(code, "123 456");
    await user.click(within(section).getByRole("button", { name: "Turn On Two-Factor Authentication" }));

    const codes = await within(section).findByRole("list", { name: "Recovery codes" });
    expect(within(codes).getAllByRole("listitem")).toHaveLength(10);
    expect(within(section).getByRole("status")).toHaveTextContent("They will not be shown again.");
    expect(twoFactor.enableTotp).toHaveBeenCalledWith({ code: "123456" });
  });

  it("keeps the key on screen after a wrong code, to try again", async () => {
    const user = userEvent.setup();
    const twoFactor = twoFactorApi(
      {},
      { enableTotp: () => Promise.reject(apiError(Code.InvalidArgument, "wrong", "invalid_totp_code")) },
    );
    renderAccount({ twoFactor });
    const section = await screen.findByRole("region", { name: "Two-Factor Authentication" });
    await user.type(within(section).getByLabelText("Current Password"), "my password");
    await user.click(within(section).getByRole("button", { name: "Set Up Two-Factor Authentication" }));
    await user.type(await within(section).findByLabelText("Authentication Code"), "000000");
    await user.click(within(section).getByRole("button", { name: "Turn On Two-Factor Authentication" }));
    expect(await within(section).findByRole("alert")).toHaveTextContent(
      "That code is not right or was already used.",
    );
    expect(within(section).getByText("JBSWY3DPEHPK3PXP")).toBeInTheDocument();
  });

  it("asks an admin who must enrol to set it up", async () => {
    renderAccount({ twoFactor: twoFactorApi({ totpEnrolmentRequired: true }) });
    const section = await screen.findByRole("region", { name: "Two-Factor Authentication" });
    expect(
      within(section).getByText(/Your admin account needs two-factor authentication/),
    ).toBeInTheDocument();
  });

  it("turns it off with the password and a code", async () => {
    const user = userEvent.setup();
    const twoFactor = twoFactorApi({ totpEnabled: true });
    renderAccount({ twoFactor });
    const section = await screen.findByRole("region", { name: "Two-Factor Authentication" });
    expect(within(section).getByText(/Two-factor authentication is on/)).toBeInTheDocument();
    await user.type(within(section).getByLabelText("Current Password"), "my password");
    await user.type(within(section).getByLabelText("Authentication or Recovery Code"), "abcd-efgh-ijkl-mnop");
    await user.click(within(section).getByRole("button", { name: "Turn Off Two-Factor Authentication" }));
    expect(await within(section).findByRole("status")).toHaveTextContent("Two-factor authentication is off.");
    expect(twoFactor.disableTotp).toHaveBeenCalledWith({
      currentPassword: "my password",
      code: "abcd-efgh-ijkl-mnop",
    });
    expect(
      within(section).getByRole("button", { name: "Set Up Two-Factor Authentication" }),
    ).toBeInTheDocument();
  });
});

describe("two-factor account loader", () => {
  it.each([
    [
      "an admin who must set it up",
      { totpEnrolmentRequired: true },
      { enabled: false, enrolmentRequired: true },
    ],
    ["a shopper who has it on", { totpEnabled: true }, { enabled: true, enrolmentRequired: false }],
  ])("reads whether two-factor authentication is on or required: %s", async (_, account, twoFactor) => {
    const args = loaderArgs("/account", { auth: twoFactorApi(account) }, undefined, customerAccount);
    expect(await loader(args as never)).toMatchObject({ twoFactor });
  });
});

describe("two-factor account action", () => {
  const run = async (fields: Record<string, string>, auth: FakeApi["auth"]) => {
    const res = await action(actionArgs("/account", fields, { auth }, { session: customerAccount }) as never);
    if (res instanceof Response) return res;
    return {
      data: (res as { data: unknown }).data,
      status: (res as { init?: ResponseInit }).init?.status ?? 200,
    };
  };

  it("answers in place (never a redirect) so the key is shown after a plain form post", async () => {
    const twoFactor = twoFactorApi();
    expect(await run({ intent: "totp-setup", currentPassword: "pw" }, twoFactor)).toEqual({
      data: {
        intent: "totp-setup",
        ok: true,
        secret: "JBSWY3DPEHPK3PXP",
        uri: "otpauth://totp/Atelier:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Atelier",
      },
      status: 200,
    });
  });

  it("needs the password and a well-formed code before calling the API", async () => {
    const twoFactor = twoFactorApi();
    expect(await run({ intent: "totp-setup", currentPassword: "" }, twoFactor)).toMatchObject({
      status: 400,
      data: { ok: false, error: "Please enter your current password." },
    });
    expect(
      await run({ intent: "totp-enable", code: "12a456", secret: "S", uri: "U" }, twoFactor),
    ).toMatchObject({
      status: 400,
      data: { ok: false, secret: "S", uri: "U", error: expect.stringContaining("That code is not right") },
    });
    expect(await run({ intent: "totp-disable", currentPassword: "pw", code: "" }, twoFactor)).toMatchObject({
      status: 400,
    });
    expect(twoFactor.beginTotpSetup).not.toHaveBeenCalled();
    expect(twoFactor.enableTotp).not.toHaveBeenCalled();
    expect(twoFactor.disableTotp).not.toHaveBeenCalled();
  });

  it.each([
    [
      "totp-setup",
      "beginTotpSetup",
      apiError(Code.InvalidArgument, "x", "wrong_password"),
      400,
      "Current password is incorrect",
    ],
    [
      "totp-setup",
      "beginTotpSetup",
      apiError(Code.FailedPrecondition, "x", "totp_already_enabled"),
      400,
      "Two-factor authentication is already on.",
    ],
    [
      "totp-enable",
      "enableTotp",
      apiError(Code.FailedPrecondition, "x", "totp_setup_not_started"),
      400,
      "Please start setting up two-factor authentication again.",
    ],
    [
      "totp-disable",
      "disableTotp",
      apiError(Code.InvalidArgument, "x", "invalid_totp_code"),
      400,
      "That code is not right or was already used. Please enter the current code from your authenticator app.",
    ],
    [
      "totp-disable",
      "disableTotp",
      apiError(Code.ResourceExhausted, "x", "too_many_attempts", { "Retry-After": "60" }),
      429,
      "Too many attempts. Please wait 1 minute and try again.",
    ],
  ] as const)("%s answers the API's reason (%s)", async (intent, method, err, status, error) => {
    const fields = { intent, currentPassword: "pw", code: "123456", secret: "S", uri: "U" };
    expect(await run(fields, { [method]: () => Promise.reject(err) })).toMatchObject({
      status,
      data: { ok: false, error },
    });
  });

  it("sends a shopper whose session ended to sign in", async () => {
    const res = await run(
      { intent: "totp-setup", currentPassword: "pw" },
      { beginTotpSetup: () => Promise.reject(apiError(Code.Unauthenticated, "x", "unauthenticated")) },
    );
    expect((res as Response).status).toBe(302);
  });
});
