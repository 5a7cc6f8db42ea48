import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { outboxMails } from "./outbox";

/**
 * A sign-up started from a page that needs an account ends, after the mailed confirmation, on
 * that page: "Ask for a price" on a service's page sends a visitor without an account to sign in,
 * then to sign up; the confirmation link carries the request form's address, and confirming lands
 * on the form, not on /home. In both languages, at 390 and 1440 px. Words from messages/*.json.
 */
const SHOTS = "/work/coord/shots";

type Code = "en" | "uk";
type Translate = (key: string, values?: Record<string, string>) => string;

function translator(code: Code): Translate {
  const messages = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "..", "..", "messages", `${code}.json`), "utf8"),
  ) as never;
  const t = createTranslator({ locale: code, messages });
  return (key, values) => (t as unknown as Translate)(key, values);
}

const LANGUAGES = { en: "", uk: "/ua" } as const;

async function shoot(page: Page, file: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${file}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, `${file}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const [code, prefix] of Object.entries(LANGUAGES) as [Code, string][]) {
  const t = translator(code);

  test(`a sign-up started from "Ask for a price" lands on the request form once confirmed, in ${code}`, async ({
    page,
    users,
  }) => {
    test.setTimeout(90_000);
    // A station with an owner, who can answer a request.
    const { serviceId } = await users.create("owner");
    await page.setViewportSize({ width: 390, height: 844 });
    // Sign-ups are limited per client address: this browser comes from one of its own (one proxy hop is trusted).
    await page.setExtraHTTPHeaders({ "x-forwarded-for": `10.254.${process.pid % 250}.${code === "en" ? 1 : 2}` });
    await page.goto(`${prefix}/service/${serviceId}`);
    const ask = page.getByRole("main").getByRole("link", { name: t("RequestForm.askForPrice") });
    await hydrated(ask);
    await ask.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?redirect=`));

    await page
      .getByRole("main")
      .getByRole("link", { name: t("Account.submitRegister"), exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/register\\?redirect=`));
    const email = `e2e.return.${Date.now()}.${Math.round(Math.random() * 1e6)}@test.local`;
    const password = "Kovbasa42!";
    const submit = page.getByRole("button", { name: t("Account.submitRegister") });
    await hydrated(submit);
    await page.getByLabel(t("Account.name"), { exact: true }).fill("Ірина Return");
    await page.getByLabel(t("Account.email"), { exact: true }).fill(email);
    await page.getByLabel(t("Account.password"), { exact: true }).fill(password);
    await page.getByLabel(t("Account.confirmPassword"), { exact: true }).fill(password);
    await submit.click();
    await expect(page.getByRole("status").filter({ hasText: /./ }).first()).toBeVisible();

    // The mailed link carries where the sign-up started (the request form for this service).
    const [mail] = await outboxMails(page.request, email);
    const link = new URL(/https?:\/\/\S+\/confirm-email\?\S+/.exec(mail!.text)![0]);
    expect(link.pathname).toBe(`${prefix}/confirm-email`);
    expect(link.searchParams.get("redirect")).toMatch(new RegExp(`^/requests/new\\?service=${serviceId}`));

    await page.goto(link.pathname + link.search);
    const confirm = page.getByRole("button", { name: t("Account.confirmSubmit") });
    await hydrated(confirm);
    await page.getByLabel(t("Account.confirmPasswordLabel")).fill(password);
    await confirm.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/requests/new\\?service=${serviceId}`));
    await expect(page.getByText(t("Account.welcome", { name: "Ірина Return" }))).toBeVisible();
    await shoot(page, `P-sign-up-return-${code}`);
  });
}
