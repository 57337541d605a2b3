import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RegisterResponseSchema } from "~/gen/atelier/store/v1/auth_service_pb";
import { MergeCartResponseSchema } from "~/gen/atelier/store/v1/cart_service_pb";
import type { Api } from "~/lib/server/api.server";
import {
  actionArgs,
  apiError,
  customerAccount,
  customerRegistration,
  customerRegistrationRequest,
  type FakeApi,
  loaderArgs,
} from "~/lib/testing/api";
import { expectAutocomplete } from "~/lib/testing/fields";
import { expectLink } from "~/lib/testing/links";
import { renderRoute } from "~/lib/testing/route";
import RegisterRoute, { action, loader } from "./register";

type Register = Api["auth"]["register"];
type Merge = Api["cart"]["mergeCart"];

const token = "tok_0123456789abcdefghijklmnop";
const guestCart = "0b0d2c8e-7c39-4d7e-9d59-1c1f0f3c2a11";
const registered: Register = async () =>
  create(RegisterResponseSchema, { user: { id: "u-1", firstName: "Ada" }, session: { token } });
const merged: Merge = async () => create(MergeCartResponseSchema, { cart: { id: guestCart } });

function renderRegister(register: Register = registered) {
  const spy = vi.fn<Register>(register);
  const fake: FakeApi = { auth: { register: spy }, cart: { mergeCart: merged } };
  renderRoute("/register", { Component: RegisterRoute, loader, action }, fake);
  return { register: spy };
}

const complete = {
  "First Name": "Ada",
  "Last Name": "Lovelace",
  Email: "ada@example.com",
  Password: "correct horse",
  "Confirm Password": "correct horse",
};

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof complete>) {
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}

describe("register page", () => {
  it("labels every field with its autocomplete hint", async () => {
    renderRegister();
    expect(await screen.findByRole("heading", { level: 1, name: "Create an Account" })).toBeInTheDocument();
    expectAutocomplete({
      "First Name": "given-name",
      "Last Name": "family-name",
      Email: "email",
      Password: "new-password",
      "Confirm Password": "new-password",
    });
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("At least 8 characters.");
    expectLink("Sign in", "/login");
  });

  it.each([
    [{ ...complete, "Last Name": "" }, "All fields are required"],
    [{ ...complete, "Confirm Password": "correct horsE" }, "Passwords do not match"],
    [
      { ...complete, Password: "short", "Confirm Password": "short" },
      "Password must be at least 8 characters",
    ],
  ])("checks the rules in the page before sending (%#)", async (values, message) => {
    const user = userEvent.setup();
    const { register } = renderRegister();
    await screen.findByLabelText("First Name");
    await fillIn(user, values);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(register).not.toHaveBeenCalled();
  });

  it("signs the new shopper in and goes home", async () => {
    const user = userEvent.setup();
    const { register } = renderRegister();
    await screen.findByLabelText("First Name");
    await fillIn(user, complete);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(screen.getByTestId("where")).toHaveTextContent(/^\/$/));
    expect(register).toHaveBeenCalledWith(customerRegistrationRequest);
  });

  it("says when the address already has an account, keeping what was typed", async () => {
    const user = userEvent.setup();
    renderRegister(() =>
      Promise.reject(apiError(Code.AlreadyExists, "email already registered", "email_taken")),
    );
    await screen.findByLabelText("First Name");
    await fillIn(user, complete);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An account with this email already exists.");
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("First Name")).toHaveValue("Ada");
  });
});

describe("register action", () => {
  const valid = customerRegistration;

  function run(fields: Record<string, string>, register: Register = registered, cookie?: string) {
    const spy = vi.fn<Register>(register);
    const mergeCart = vi.fn<Merge>(merged);
    const res = action(
      actionArgs(
        "/register",
        fields,
        { auth: { register: spy }, cart: { mergeCart } },
        { headers: cookie ? { cookie } : {} },
      ) as never,
    );
    return { register: spy, mergeCart, res };
  }

  function answer(res: Awaited<ReturnType<typeof action>>) {
    if (res instanceof Response) throw new Error(`expected data, got a ${res.status} response`);
    return { body: res.data, status: res.init?.status ?? 200 };
  }

  it("signs in (session cookie, cart merged) and redirects home", async () => {
    const { mergeCart, res } = run(valid, registered, `atelier_cart=${guestCart}`);
    const response = (await res) as Response;
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.getSetCookie()[0]).toMatch(
      new RegExp(`^atelier_session=${token}; Path=/; HttpOnly; SameSite=Lax`),
    );
    expect(mergeCart).toHaveBeenCalledWith(
      { guestCartId: guestCart },
      { headers: { authorization: `Bearer ${token}` } },
    );
  });

  it.each([
    [{ ...valid, firstName: "" }, "All fields are required"],
    [{ ...valid, confirmPassword: "different" }, "Passwords do not match"],
    [{ ...valid, password: "1234567", confirmPassword: "1234567" }, "Password must be at least 8 characters"],
  ])("refuses without calling the API (%#)", async (fields, message) => {
    const { register, res } = run(fields);
    const { body, status } = answer(await res);
    expect(status).toBe(400);
    expect(body.error).toBe(message);
    expect(register).not.toHaveBeenCalled();
  });

  it("passes on the API's password rule, by its reason", async () => {
    const { res } = run(valid, () =>
      Promise.reject(
        apiError(Code.InvalidArgument, "Password must be at least 8 characters", "password_too_short"),
      ),
    );
    expect(answer(await res)).toMatchObject({
      body: { error: "Password must be at least 8 characters", fields: ["password"] },
      status: 400,
    });
  });

  it("does not guess the password rule from the wording of another refusal", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { res } = run(valid, () =>
      Promise.reject(
        apiError(
          Code.InvalidArgument,
          "first_name: Password must be at least 8 characters",
          "invalid_argument",
        ),
      ),
    );
    expect(answer(await res)).toMatchObject({
      body: { error: "Registration failed. Please try again.", fields: [] },
      status: 400,
    });
  });

  it("signs in even when the API's answer is followed by a failing cart merge", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const spy = vi.fn<Register>(registered);
    const response = (await action(
      actionArgs("/register", valid, {
        auth: { register: spy },
        cart: { mergeCart: () => Promise.reject(new ConnectError("timeout", Code.DeadlineExceeded)) },
      }) as never,
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
  });

  it("says the address is taken (email_taken), never sending the password back", async () => {
    const { res } = run(valid, () => Promise.reject(apiError(Code.AlreadyExists, "taken", "email_taken")));
    const { body, status } = answer(await res);
    expect(status).toBe(409);
    expect(body).toEqual({
      error: "An account with this email already exists.",
      fields: ["email"],
      values: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    });
  });

  it("answers Registration failed for anything unexpected", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { res } = run(valid, () => Promise.reject(new ConnectError("boom", Code.Internal)));
    expect(answer(await res)).toMatchObject({
      body: { error: "Registration failed. Please try again." },
      status: 503,
    });
  });

  it("sends a signed-in shopper home from the page", async () => {
    await expect(
      loader(loaderArgs("/register", {}, undefined, customerAccount) as never),
    ).rejects.toMatchObject({ status: 302 });
  });
});
