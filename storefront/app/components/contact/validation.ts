// The contact form's schema, checked in the browser before sending and again by the route action
// (the API enforces the same limits: proto/atelier/store/v1/contact_service.proto).

import { required, text } from "~/lib/form-schema";
import { isEmailAddress, maxEmailLength } from "~/lib/models/email";
import { z } from "~/lib/zod";

export type ContactField = "name" | "email" | "subject" | "message";
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const contactFields: readonly ContactField[] = ["name", "email", "subject", "message"];

export const contactLimits: Record<ContactField, number> = {
  name: 200,
  email: maxEmailLength,
  subject: 200,
  message: 5000,
};

export const emptyContact: ContactValues = { name: "", email: "", subject: "", message: "" };

const tooLong = (what: string, field: ContactField) =>
  `Please keep your ${what} to ${contactLimits[field]} characters or fewer.`;

export const contactSchema = z.object({
  name: text(required("Please enter your name.").max(contactLimits.name, tooLong("name", "name"))),
  email: text(
    required("Please enter your email address.")
      .max(contactLimits.email, tooLong("email address", "email"))
      .refine(isEmailAddress, "Please enter a valid email address, like name@example.com."),
  ),
  subject: text(
    required("Please enter a subject.").max(contactLimits.subject, tooLong("subject", "subject")),
  ),
  message: text(
    required("Please enter your message.").max(contactLimits.message, tooLong("message", "message")),
  ),
});
