// The contact form's rules, applied in the browser before sending and again by the route action
// (the API enforces the same limits: proto/atelier/store/v1/contact_service.proto).
import { isEmailAddress, maxEmailLength } from "~/lib/email";

export type ContactField = "name" | "email" | "subject" | "message";
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const contactFields: readonly ContactField[] = ["name", "email", "subject", "message"];

export const contactLimits: Record<ContactField, number> = { name: 200, email: maxEmailLength, subject: 200, message: 5000 };

export const emptyContact: ContactValues = { name: "", email: "", subject: "", message: "" };

const missing: Record<ContactField, string> = {
  name: "Please enter your name.",
  email: "Please enter your email address.",
  subject: "Please enter a subject.",
  message: "Please enter your message.",
};

const fieldNames: Record<ContactField, string> = { name: "name", email: "email address", subject: "subject", message: "message" };

/** The submitted form as trimmed text (anything missing or not text becomes empty). */
export function readContactValues(form: FormData): ContactValues {
  const text = (field: ContactField) => {
    const value = form.get(field);
    return typeof value === "string" ? value.trim() : "";
  };
  return { name: text("name"), email: text("email"), subject: text("subject"), message: text("message") };
}

/** An error for each field that is wrong; empty when the message can be sent. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of contactFields) {
    const value = values[field];
    if (!value) errors[field] = missing[field];
    else if (value.length > contactLimits[field]) errors[field] = `Please keep your ${fieldNames[field]} to ${contactLimits[field]} characters or fewer.`;
  }
  if (!errors.email && !isEmailAddress(values.email)) {
    errors.email = "Please enter a valid email address, like name@example.com.";
  }
  return errors;
}

export function hasErrors(errors: ContactErrors): boolean {
  return Object.keys(errors).length > 0;
}
