import { Code, ConnectError } from "@connectrpc/connect";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContactActionResult } from "~/components/contact/contact-form";
import type { ContactDetailsView } from "~/lib/models/contact-details";
import type { Api } from "~/lib/server/api.server";
import { actionArgs, apiError, contextWith } from "~/lib/testing/api";
import { expectLink } from "~/lib/testing/links";
import ContactRoute, { action } from "./contact";

const details: ContactDetailsView = {
  storeName: "Atelier London",
  addressLines: ["14 Marylebone High Street", "London W1U 4NS", "United Kingdom"],
  email: "hello@atelierlondon.co.uk",
  phone: "+44 20 7946 0321",
  mapUrl: "https://www.openstreetmap.org/search?query=14+Marylebone+High+Street",
};

afterEach(() => {
  vi.useRealTimers();
});

type Send = Api["contact"]["sendContactMessage"];

const stored = () =>
  Promise.resolve({ $typeName: "atelier.store.v1.SendContactMessageResponse" as const, id: "m1" });

/**
 * Renders the page with its real action in front of a stand-in contact service (`send`), or with
 * `action` answering in its place.
 */
function renderContact(
  opts: { sent?: boolean; send?: Send; action?: (form: FormData) => ContactActionResult } = {},
) {
  const submissions: FormData[] = [];
  const send = vi.fn<Send>(opts.send ?? stored);
  const Stub = createRoutesStub([
    {
      path: "/contact",
      Component: ContactRoute,
      loader: () => ({ sent: opts.sent ?? false, details }),
      action: async (args) => {
        const form = await args.request.clone().formData();
        submissions.push(form);
        return opts.action
          ? opts.action(form)
          : action({ ...args, context: contextWith({ contact: { sendContactMessage: send } }) });
      },
    },
  ]);
  render(<Stub initialEntries={["/contact"]} />);
  return { submissions, send };
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<"Name" | "Email" | "Subject" | "Message", string>>,
) {
  for (const [label, value] of Object.entries(values)) {
    await user.type(screen.getByLabelText(label), value);
  }
}

const complete = {
  Name: "Ada Lovelace",
  Email: "ada@example.com",
  Subject: "Gift wrapping",
  Message: "Do you gift wrap?",
};

describe("contact page", () => {
  it("shows the shop's details, business hours and a map link", async () => {
    renderContact();
    expect(await screen.findByRole("heading", { level: 1, name: "Contact Us" })).toBeInTheDocument();
    expectLink("hello@atelierlondon.co.uk", "mailto:hello@atelierlondon.co.uk");
    expectLink("+44 20 7946 0321", "tel:+442079460321");
    const hours = screen.getByRole("region", { name: "Business Hours" });
    expect(within(hours).getByText("Monday – Friday").nextElementSibling).toHaveTextContent("9:00 – 18:00");
    expect(within(hours).getByText("Saturday").nextElementSibling).toHaveTextContent("10:00 – 16:00");
    expect(within(hours).getByText("Sunday").nextElementSibling).toHaveTextContent("Closed");
    expectLink("Open in Maps", details.mapUrl);
  });

  it("labels every field and marks each as required", async () => {
    renderContact();
    for (const label of ["Name", "Email", "Subject", "Message"]) {
      expect(await screen.findByLabelText(label)).toBeRequired();
    }
  });
});

describe("contact form", () => {
  it("explains every missing field beside it and focuses the first, without sending", async () => {
    const user = userEvent.setup();
    const { submissions } = renderContact();
    await user.click(await screen.findByRole("button", { name: "Send Message" }));
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Please enter your name.");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Please enter your email address.");
    expect(screen.getByLabelText("Subject")).toHaveAccessibleDescription("Please enter a subject.");
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription("Please enter your message.");
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveFocus());
    expect(submissions).toHaveLength(0);
  });

  it("refuses an invalid e-mail and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderContact();
    await screen.findByLabelText("Name");
    await fillIn(user, { ...complete, Email: "ada.example.com" });
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(
      "Please enter a valid email address, like name@example.com.",
    );
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveFocus());
    expect(screen.getByLabelText("Name")).toHaveValue("Ada Lovelace");
    expect(screen.getByLabelText("Message")).toHaveValue("Do you gift wrap?");
  });

  it("reads Sending... while sending, then thanks the shopper for five seconds and clears the form", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    let finish: () => void = () => {};
    const { submissions, send } = renderContact({
      send: () => new Promise((resolve) => (finish = () => void resolve(stored()))),
    });
    await screen.findByLabelText("Name");
    await fillIn(user, complete);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    expect(Object.fromEntries(submissions[0]!)).toEqual({
      enhanced: "1",
      name: "Ada Lovelace",
      email: "ada@example.com",
      subject: "Gift wrapping",
      message: "Do you gift wrap?",
    });

    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({
        name: "Ada Lovelace",
        email: "ada@example.com",
        subject: "Gift wrapping",
        message: "Do you gift wrap?",
      }),
    );

    await act(async () => finish());
    const banner = await screen.findByText("Thank you for your message! We'll get back to you soon.");
    expect(screen.getByRole("status")).toContainElement(banner);
    expect(screen.getByLabelText("Name")).toHaveValue("");
    expect(screen.getByLabelText("Message")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4800));
    expect(screen.getByText(/Thank you for your message!/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText(/Thank you for your message!/)).not.toBeInTheDocument();
  });

  it("shows the errors the server found", async () => {
    const user = userEvent.setup();
    renderContact({
      action: (form) => ({
        ok: false,
        values: {
          name: String(form.get("name")),
          email: String(form.get("email")),
          subject: "",
          message: "",
        },
        fieldErrors: { subject: "Please enter a subject." },
      }),
    });
    await screen.findByLabelText("Name");
    await fillIn(user, complete);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Subject")).toHaveAccessibleDescription("Please enter a subject."),
    );
  });

  it("shows an API failure in an alert and keeps the message", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    renderContact({ send: () => Promise.reject(new ConnectError("connect ECONNREFUSED", Code.Unavailable)) });
    await screen.findByLabelText("Name");
    await fillIn(user, complete);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Sorry, we could not send your message just now.",
    );
    expect(screen.getByLabelText("Message")).toHaveValue("Do you gift wrap?");
  });

  it("thanks the shopper after the no-JavaScript redirect (?sent=1)", async () => {
    renderContact({ sent: true });
    expect(
      await screen.findByText("Thank you for your message! We'll get back to you soon."),
    ).toBeInTheDocument();
  });
});

describe("contact action", () => {
  function run(fields: Record<string, string>, send: Send) {
    return action(actionArgs("/contact", fields, { contact: { sendContactMessage: send } }));
  }

  /** The data answer's body and status (a redirect is a Response instead). */
  function answer(res: Awaited<ReturnType<typeof action>>) {
    if (res instanceof Response) throw new Error(`expected data, got a ${res.status} response`);
    return { body: res.data, status: res.init?.status ?? 200 };
  }

  const valid = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "Hi there" };

  it("sends the trimmed message and redirects a plain form post to ?sent=1", async () => {
    const send = vi.fn<Send>(stored);
    const res = await run({ ...valid, name: "  Ada " }, send);
    expect(send).toHaveBeenCalledWith(valid);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get("location")).toBe("/contact?sent=1");
  });

  it("answers an enhanced submission with data", async () => {
    expect(answer(await run({ ...valid, enhanced: "1" }, vi.fn<Send>(stored)))).toEqual({
      body: { ok: true },
      status: 200,
    });
  });

  it("does not call the API with invalid fields and returns the values to refill the form", async () => {
    const send = vi.fn<Send>(stored);
    const { body, status } = answer(await run({ ...valid, email: "nope" }, send));
    expect(send).not.toHaveBeenCalled();
    expect(status).toBe(400);
    expect(body).toEqual({
      ok: false,
      values: { ...valid, email: "nope" },
      fieldErrors: { email: "Please enter a valid email address, like name@example.com." },
    });
  });

  it.each([
    [
      "passes on the API's reason for refusing the message",
      new ConnectError("email: value must be a valid email address", Code.InvalidArgument),
      400,
      "Your message could not be sent: email: value must be a valid email address",
    ],
    [
      "asks the shopper to wait when the API throttles messages",
      apiError(Code.ResourceExhausted, "Too many messages.", "too_many_requests", { "Retry-After": "600" }),
      429,
      "Too many messages. Please wait 10 minutes and try again.",
    ],
    [
      "apologises when the API cannot be reached",
      new ConnectError("connect ECONNREFUSED", Code.Unavailable),
      503,
      "Sorry, we could not send your message just now. Please try again in a moment.",
    ],
  ])("%s, keeping what was typed", async (_, refusal, wantStatus, formError) => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { body, status } = answer(
      await run(
        valid,
        vi.fn<Send>(() => Promise.reject(refusal)),
      ),
    );
    expect(status).toBe(wantStatus);
    expect(body).toEqual({ ok: false, values: valid, fieldErrors: {}, formError });
  });
});
