// Forms that really do something: the contact form and the newsletter sign-up.
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/shop.ts";

test("contact form: sends, confirms and clears", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
  const form = page.getByRole("main").locator("form").filter({ has: page.getByRole("button", { name: /send/i }) });
  await form.getByLabel(/name/i).first().fill("Ada Lovelace");
  await form.getByLabel(/e-?mail/i).fill("ada@example.com");
  await form.getByLabel(/subject/i).fill("Gift wrapping");
  await form.getByLabel(/message/i).fill("Could you gift-wrap La Crème Absolue for a birthday, please?");
  await form.getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
  await expect(form.getByLabel(/subject/i)).toHaveValue("");
  await expect(form.getByLabel(/message/i)).toHaveValue("");
});

test("contact form: every field is required", async ({ page }) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.getByRole("main").locator("form").filter({ has: page.getByRole("button", { name: /send/i }) });
  for (const label of [/name/i, /e-?mail/i, /subject/i, /message/i]) {
    await expect(form.getByLabel(label).first()).toHaveAttribute("required", "");
  }
});

test("newsletter: joining confirms on screen", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("region", { name: "Join Our Newsletter" });
  await waitForHydration(page);
  const email = `shopper-${Date.now()}-${test.info().workerIndex}@example.com`;
  await box.getByLabel("Email address").fill(email);
  await box.getByRole("button", { name: "Join" }).click();
  await expect(box.getByRole("status")).toContainText(/thank you for subscribing/i);
  await expect(box.getByRole("status")).toContainText(email);
  await expect(box.getByLabel("Email address")).toHaveValue("");
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
