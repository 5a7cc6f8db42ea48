import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { createTranslator } from "next-intl";

import { linkFromOutbox } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

/**
 * "A password may not contain the part of your e-mail before the @": said in the new password's
 * hint, and checked as the person types, before anything is sent, wherever a new password is
 * chosen (sign-up, a reset from the mailed link, a change on the profile), in both languages at
 * 390 and 1440 px. Every word is read from messages/*.json.
 */
const SHOTS = "/work/coord/shots";

type Code = "en" | "uk";
type Translate = (key: string) => string;

function translator(code: Code): Translate {
  const messages = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "..", "..", "messages", `${code}.json`), "utf8"),
  ) as never;
  const t = createTranslator({ locale: code, messages });
  return (key) => (t as unknown as Translate)(key);
}

const LANGUAGES = { en: { prefix: "", lng: "en" }, uk: { prefix: "/ua", lng: "ua" } } as const;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Reset requests are limited per client address: each comes from one of its own (the e2e server trusts one proxy hop). */
let resets = 0;
const resetAddress = () => ({ "x-forwarded-for": `10.253.${process.pid % 250}.${++resets % 250}` });

/** The same screen on a desktop, then back to the phone. */
async function shoot(page: Page, file: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${file}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: path.join(SHOTS, `${file}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const [code, { prefix, lng }] of Object.entries(LANGUAGES) as [Code, (typeof LANGUAGES)[Code]][]) {
  const t = translator(code);

  test(`sign-up says the e-mail rule in the hint and as the password is typed, in ${code}`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${prefix}/register`);
    const password = page.getByLabel(t("Account.password"), { exact: true });
    await hydrated(password);
    // The hint names the rule before anything was refused.
    await expect(password).toHaveAccessibleDescription(new RegExp(escape(t("Account.passwordHint"))));
    await page.getByLabel(t("Account.email"), { exact: true }).fill("olena.koval@test.local");
    await password.fill("Koval-Brakes-26!");
    // Nothing was sent: the form says it at once.
    await expect(page.getByText(t("Validation.passwordEmailName"))).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await shoot(page, `P-password-email-rule-register-${code}`);
    await password.fill("Tyres-Kyiv-26!");
    await expect(page.getByText(t("Validation.passwordEmailName"))).toHaveCount(0);
    // Changing the address instead counts as much: the rule is checked against what is typed there.
    await page.getByLabel(t("Account.email"), { exact: true }).fill("tyres@test.local");
    await expect(page.getByText(t("Validation.passwordEmailName"))).toBeVisible();
  });

  test(`the reset page checks the new password against the link's account as it is typed, in ${code}`, async ({
    page,
    users,
  }) => {
    const { email, context } = await users.create("user", { locale: lng });
    // The address's name has long parts of digits (e2e.<time>.<random>): one of them is in the password.
    const part = email.split("@")[0]!.split(".")[1]!;
    expect(
      (
        await context.request.post(`/api/users/password-reset?lng=${lng}`, { data: { email }, headers: resetAddress() })
      ).status(),
    ).toBe(202);
    await page.goto(await linkFromOutbox(context, email, "reset-password"));
    await expect(page).toHaveURL(new RegExp(`${prefix}/reset-password\\?token=`));
    const password = page.getByLabel(t("Account.password"), { exact: true });
    await hydrated(password);
    await expect(password).toHaveAccessibleDescription(new RegExp(escape(t("Account.passwordHint"))));
    await password.fill(`Kyiv-${part}-Aa!`);
    await expect(page.getByText(t("Validation.passwordEmailName"))).toBeVisible();
    await shoot(page, `P-password-email-rule-reset-${code}`);
    await password.fill("Tyres-Kyiv-26!");
    await expect(page.getByText(t("Validation.passwordEmailName"))).toHaveCount(0);
  });

  test(`the profile checks a new password against the stored and the new address as it is typed, in ${code}`, async ({
    page,
    users,
  }) => {
    const { email } = await users.create("user", { locale: lng, page });
    const part = email.split("@")[0]!.split(".")[1]!;
    await page.goto(`${prefix}/profile`);
    const password = page.getByLabel(t("Profile.newPassword"), { exact: true });
    await hydrated(password);
    await expect(password).toHaveAccessibleDescription(new RegExp(escape(t("Account.passwordHint"))));
    await password.fill(`Kyiv-${part}-Aa!`);
    await expect(page.getByText(t("Validation.passwordEmailName"))).toBeVisible();
    await shoot(page, `P-password-email-rule-profile-${code}`);
    await password.fill("Tyres-Kyiv-26!");
    await expect(page.getByText(t("Validation.passwordEmailName"))).toHaveCount(0);
    await page.getByLabel(t("Account.email"), { exact: true }).fill("tyres.kyiv@test.local");
    await expect(page.getByText(t("Validation.passwordEmailName"))).toBeVisible();
  });
}
