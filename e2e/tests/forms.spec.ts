// Forms that really do something: the contact form and the newsletter sign-up.
import { expect, test } from "@playwright/test";
import { linkIn, skipWithoutMailCatcher, waitForMail } from "./support/mail.ts";
import { apiURL, contactForm, sendContactMessage, waitForHydration } from "./support/shop.ts";

test("contact form: Sending... while it sends, then confirms and clears", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
  // Hold the submission until the busy state has been seen, then let it through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/contact(\.data)?(\?.*)?$/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await sendContactMessage(page, {
    name: "Ada Lovelace",
    email: "ada@example.com",
    subject: "Gift wrapping",
    message: "Could you gift-wrap La Crème Absolue for a birthday, please?",
  });
  const form = contactForm(page);
  await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();
  await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  for (const label of [/name/i, /e-?mail/i, /subject/i, /message/i]) {
    await expect(form.getByLabel(label).first(), "the form clears after sending").toHaveValue("");
  }
});

test("contact form: every field is required", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const form = contactForm(page);
  for (const label of [/name/i, /e-?mail/i, /subject/i, /message/i]) {
    await expect(form.getByLabel(label).first()).toHaveAttribute("required", "");
  }
});

test("newsletter: double opt-in — the e-mailed link confirms, and the unsubscribe link ends it", async ({
  page,
  request,
}) => {
  skipWithoutMailCatcher();
  await page.goto("/");
  const box = page.getByRole("region", { name: "Join Our Newsletter" });
  await waitForHydration(page);
  const email = `shopper-${Date.now()}-${test.info().workerIndex}@example.com`;
  await box.getByLabel("Email address").fill(email);
  await box.getByRole("button", { name: "Join" }).click();
  await expect(box.getByRole("status")).toContainText(/confirmation link/i);
  await expect(box.getByRole("status")).toContainText(email);
  await expect(box.getByLabel("Email address")).toHaveValue("");

  const mail = await waitForMail(
    request,
    { to: email, subject: /confirm your subscription/i },
    "the newsletter confirmation",
  );
  const confirm = linkIn(mail, "/newsletter/confirm");
  const unsubscribe = linkIn(mail, "/newsletter/unsubscribe");
  await page.goto(confirm.pathname + confirm.search);
  // The page has the (empty) toast region too: the confirmation is the status that says so.
  await page.getByRole("button", { name: "Confirm Subscription" }).click();
  await expect(page.getByRole("status").filter({ hasText: /subscription is confirmed/i })).toBeVisible();

  await page.goto(unsubscribe.pathname + unsubscribe.search);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status").filter({ hasText: /you have been unsubscribed/i })).toBeVisible();
});

test("newsletter: an invalid e-mail is explained", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("region", { name: "Join Our Newsletter" });
  await waitForHydration(page);
  const input = box.getByLabel("Email address");
  await input.fill("not-an-email");
  await box.getByRole("button", { name: "Join" }).click();
  await expect(box.getByRole("status")).toContainText(/valid e-?mail/i);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  await expect(input).toHaveAccessibleDescription(/valid e-?mail/i);
});

test("contact form: the message reaches the shop's mailbox", async ({ page, request }) => {
  skipWithoutMailCatcher();
  const settings = await request.get(`${apiURL()}/api/v1/store-settings`);
  expect(settings.status()).toBe(200);
  const shopMailbox = ((await settings.json()) as { store_settings?: { contact_email?: string } })
    .store_settings?.contact_email;
  expect(shopMailbox, "the store settings name the shop's contact e-mail").toBeTruthy();

  const subject = `Gift wrapping ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  await page.goto("/contact");
  await sendContactMessage(page, {
    name: "Iris Fairweather",
    email: "iris@example.com",
    subject,
    message: "Do you gift wrap the coffrets?",
  });
  await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();

  const mail = await waitForMail(request, { subject }, "the contact message e-mail");
  expect(mail.subject).toContain(subject);
  expect(mail.to.length, "the message has a recipient").toBeGreaterThan(0);
  expect(mail.to.join(" ").toLowerCase()).toContain(shopMailbox!.toLowerCase());
  expect(`${mail.text}\n${mail.html}`).toContain("Do you gift wrap the coffrets?");
});
