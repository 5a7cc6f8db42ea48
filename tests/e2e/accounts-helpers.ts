import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const NEW_PASSWORD = "Kovbasa42!";
let address = 0;

/**
 * A fresh confirmed account, signed in in this page's browser context: registered through the API,
 * its link read from the dev outbox, confirmed through the API (the cookie lands in the context).
 */
export async function signUpAndConfirm(page: Page, name = "E2E Tester", locale: "en" | "ua" = "en"): Promise<string> {
  const email = `e2e.${Date.now()}.${Math.round(Math.random() * 1e6)}@test.local`;
  // Sign-ups are limited per client address; each test user comes from its own, as real users do.
  address++;
  const headers = { "x-forwarded-for": `10.${process.pid % 250}.${Math.floor(address / 250)}.${address % 250}` };
  const registered = await page.request.post(`/api/users?lng=${locale}`, { data: { name, email, password: NEW_PASSWORD }, headers });
  expect(registered.status()).toBe(201);
  const outbox = await (await page.request.get("/dev/outbox")).text();
  const at = outbox.indexOf(email);
  const token = /confirm-email\?token=([\w-]+)/.exec(outbox.slice(at))?.[1];
  expect(token, "confirmation link in the outbox").toBeTruthy();
  const confirmed = await page.request.post(`/api/users/confirm-email?token=${token}`, { data: { password: NEW_PASSWORD }, headers });
  expect(confirmed.status()).toBe(200);
  return email;
}

/** The newest link of `kind` ("reset-password", "confirm-email", …) mailed to `email`, from the dev outbox. */
export async function linkFromOutbox(page: Page, email: string, kind: string): Promise<string> {
  const outbox = await (await page.request.get("/dev/outbox")).text();
  const at = outbox.indexOf(email);
  const link = new RegExp(`https?://[^\\s"<]+/${kind}\\?token=[\\w-]+`).exec(outbox.slice(at))?.[0];
  expect(link, `${kind} link in the outbox`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
