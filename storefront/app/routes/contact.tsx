// The contact page: a message form the API stores and e-mails to the shop, with the shop's
// details, opening hours and a map panel.

import { Code } from "@connectrpc/connect";
import { data, redirect } from "react-router";
import { ContactDetails } from "~/components/contact/contact-details";
import { type ContactActionResult, ContactForm } from "~/components/contact/contact-form";
import { type ContactField, contactSchema, emptyContact } from "~/components/contact/validation";
import { userMessage } from "~/lib/errors";
import { inputText, parseForm } from "~/lib/form-schema";
import { toContactDetails } from "~/lib/models/contact-details";
import type { PublicPageHandle } from "~/lib/page-cache";
import { originFrom, pageMeta } from "~/lib/seo";
import { api } from "~/lib/server/api.server";
import { isCode, throttledMessage } from "~/lib/server/session.server";
import "~/styles/pages/contact.css";
import type { Route } from "./+types/contact";

/** The same for every shopper without the shop's cookies: shared caches may keep it. */
export const handle: PublicPageHandle = { publicPage: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  try {
    const { storeSettings } = await api(context).settings.getStoreSettings({});
    return { sent, details: storeSettings ? toContactDetails(storeSettings) : null };
  } catch (err) {
    // The form still works without the shop's details, so the page is served anyway.
    console.error("contact page: store settings unavailable", err);
    return { sent, details: null };
  }
}

const sendFailed = "Sorry, we could not send your message just now. Please try again in a moment.";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const enhanced = form.get("enhanced") === "1";
  const parsed = parseForm<typeof contactSchema, ContactField>(contactSchema, form);
  if (!parsed.ok) {
    const values = { ...emptyContact };
    for (const field of Object.keys(values) as ContactField[]) values[field] = inputText(parsed.input, field);
    return data<ContactActionResult>({ ok: false, values, fieldErrors: parsed.errors }, { status: 400 });
  }
  const values = parsed.values;
  try {
    await api(context).contact.sendContactMessage(values);
  } catch (err) {
    // The API limits messages per shopper and per reply address; say how long to wait.
    if (isCode(err, Code.ResourceExhausted)) {
      return data<ContactActionResult>(
        { ok: false, values, fieldErrors: {}, formError: throttledMessage(err, "messages") },
        { status: 429 },
      );
    }
    const reason = userMessage(err);
    if (!reason) console.error("contact: sending the message failed", err);
    return data<ContactActionResult>(
      {
        ok: false,
        values,
        fieldErrors: {},
        formError: reason ? `Your message could not be sent: ${reason}` : sendFailed,
      },
      { status: reason ? 400 : 503 },
    );
  }
  if (!enhanced) return redirect("/contact?sent=1");
  return data<ContactActionResult>({ ok: true });
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: "Contact Us",
    description:
      "Questions about a product, an order or your routine? Write to Atelier London, call us, or visit our London atelier.",
    origin: originFrom(matches),
    path: "/contact",
  });
}

export default function ContactRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page contact-page">
      <header className="contact-page__intro">
        <p className="eyebrow">Get in Touch</p>
        <h1>Contact Us</h1>
        <p className="lead">
          Whether you have a question about a product, an order or your skincare routine, we would love to
          hear from you.
        </p>
      </header>
      <div className="contact-layout">
        <section aria-labelledby="contact-form-heading" className="contact-layout__form">
          <h2 id="contact-form-heading">Write to Us</h2>
          <ContactForm serverResult={actionData} sent={loaderData.sent} />
        </section>
        <ContactDetails details={loaderData.details} />
      </div>
    </div>
  );
}
