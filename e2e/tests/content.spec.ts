// The information pages: privacy, terms and FAQ (content from the server, long last-updated
// dates, a FAQ search that really filters), shipping and about.
import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support/shop.ts";

test("privacy policy: title, last updated, content from the server", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  // The date itself moves when an admin saves the page (backoffice-content.spec.ts does, in parallel).
  await expect(page.getByRole("main")).toContainText(
    /Last updated:?\s*(\d{1,2} [A-Z][a-z]+|[A-Z][a-z]+ \d{1,2},) \d{4}/,
  );
  await expect(page.getByRole("heading", { name: "The data we collect" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your rights" })).toBeVisible();
});

test("terms and conditions: title, last updated, content from the server", async ({ page }) => {
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms and Conditions");
  await expect(page.getByRole("main")).toContainText(/Last updated:?\s*13 May 2025/);
  await expect(page.getByRole("heading", { name: /Your right to cancel and returns/ })).toBeVisible();
});

test("FAQ: the search really filters the questions", async ({ page }) => {
  // The FAQ page shows no sign of having hydrated (see waitForHydration): come from one that does.
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "FAQ", exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  const refund = page.getByText("When will I receive my refund?", { exact: true });
  const crueltyFree = page.getByText("Are your products cruelty-free?", { exact: true });
  await expect(refund).toBeVisible();
  await expect(crueltyFree).toBeVisible();
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: /contact us/i })
      .first(),
  ).toHaveAttribute("href", "/contact");

  const search = page.getByRole("searchbox", { name: "Search questions" });
  await search.fill("refund");
  await expect(refund).toBeVisible();
  await expect(crueltyFree).toBeHidden();

  await search.fill("zzqx nothing matches this");
  await expect(refund).toBeHidden();
  await expect(page.getByRole("main")).toContainText(/no questions match/i);

  await search.fill("");
  await expect(refund).toBeVisible();
  await expect(crueltyFree).toBeVisible();
});

test("shipping: the policy's sections and date", async ({ page }) => {
  await page.goto("/shipping");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const section of [
    "Order Processing Times",
    "Signing For Your Purchase",
    "Your Delivery Options",
    "Our Delivery Partners",
    "Shipping Restrictions",
    "Returns & Exchanges",
  ]) {
    await expect(page.getByRole("heading", { name: section })).toBeVisible();
  }
  const main = page.getByRole("main");
  await expect(main).toContainText("12 May 2025");
  for (const policy of [
    /3 ?PM GMT/i,
    /24 hours/,
    /3–5 working days/,
    /two further delivery attempts/i,
    /within 5 working days/,
    /fragrance/i,
    /PO Box/,
    /28 days/,
    /10 working days/,
    /store credit/i,
  ]) {
    await expect(main).toContainText(policy);
  }
});

test("contact: details and business hours from the store", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  await expect(main).toContainText("14 Marylebone High Street");
  await expect(main.getByRole("link", { name: "hello@atelierlondon.co.uk" })).toHaveAttribute(
    "href",
    "mailto:hello@atelierlondon.co.uk",
  );
  await expect(main).toContainText(/Monday\s*[–-]\s*Friday\s*9:00\s*[–-]\s*18:00/i);
  await expect(main).toContainText(/Saturday\s*10:00\s*[–-]\s*16:00/i);
  await expect(main).toContainText(/Sunday\s*Closed/i);
  await expect(main).toContainText(/GMT/);
});

test("about: story, six values, a team of three", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  for (const value of [
    /natural ingredients/i,
    /science-backed/i,
    /cruelty-free/i,
    /sustainab/i,
    /social responsibility/i,
    /transparency/i,
  ]) {
    await expect(main.getByRole("heading", { name: value }).first()).toBeVisible();
  }
  await expect(main.getByRole("region", { name: /team/i }).getByRole("heading", { level: 3 })).toHaveCount(3);
});
