import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Field, TextField } from "./field";

describe("TextField", () => {
  it("labels its input and ties the hint to it", () => {
    render(<TextField name="password" label="Password" type="password" hint="At least 8 characters." />);
    const input = screen.getByLabelText("Password");
    expect(input).toHaveAttribute("name", "password");
    expect(input).toBeRequired();
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAccessibleDescription("At least 8 characters.");
  });

  it("shows its own error beneath it and marks it invalid", () => {
    render(
      <TextField
        name="email"
        label="Email"
        type="email"
        hint="We reply here."
        error="Please enter your email address."
      />,
    );
    const input = screen.getByRole("textbox", { name: "Email" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("We reply here. Please enter your email address.");
    expect(input.closest(".field")).toHaveClass("field--invalid");
  });

  it("points to the form's message when it has no error of its own", () => {
    render(
      <>
        <p id="form-error">All fields are required</p>
        <TextField name="firstName" label="First Name" invalid errorId="form-error" />
      </>,
    );
    const input = screen.getByRole("textbox", { name: "First Name" });
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("All fields are required");
  });

  it("says when a field is optional, and draws a text area when asked", () => {
    render(
      <>
        <TextField name="region" label="County" required={false} markOptional />
        <TextField name="message" label="Message" multiline />
      </>,
    );
    expect(screen.getByRole("textbox", { name: /^County\s*\(optional\)$/ })).not.toBeRequired();
    expect(screen.getByRole("textbox", { name: "Message" }).tagName).toBe("TEXTAREA");
  });
});

describe("Field", () => {
  it("gives any control in its slot the id and ARIA attributes", () => {
    render(
      <Field label="Country" error="Please choose a country.">
        {(control) => (
          <select {...control} name="countryCode">
            <option value="GB">United Kingdom</option>
          </select>
        )}
      </Field>,
    );
    const select = screen.getByRole("combobox", { name: "Country" });
    expect(select).toHaveAttribute("aria-invalid", "true");
    expect(select).toHaveAccessibleDescription("Please choose a country.");
  });
});
