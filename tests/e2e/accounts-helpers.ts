import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type APIRequestContext, type APIResponse, type Page } from "@playwright/test";

import { totpCode, totpStep } from "../../features/accounts/totp";

/** The newest link of `kind` ("reset-password", "confirm-email", …) mailed to `email`, from the dev outbox. */
export async function linkFromOutbox(
  client: { request: APIRequestContext },
  email: string,
  kind: string,
): Promise<string> {
  const outbox = await (await client.request.get("/dev/outbox")).text();
  const at = outbox.indexOf(email);
  const link = new RegExp(`https?://[^\\s"<]+/${kind}\\?token=[\\w-]+`).exec(outbox.slice(at))?.[0];
  expect(link, `${kind} link in the outbox`).toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** Types into the sign-in form on the page, for the tests of that form and where it leads. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

const STEP_MS = 30_000;
/**
 * The steps used, per key, in a file: Playwright starts a new worker after a failed test, and the
 * server still remembers the codes the previous worker used.
 */
const STEPS_FILE = path.join(os.tmpdir(), "maister-e2e-totp-steps.json");
const lastStep = {
  get(secret: string): number | undefined {
    try {
      return (JSON.parse(readFileSync(STEPS_FILE, "utf8")) as Record<string, number>)[secret];
    } catch {
      return undefined;
    }
  },
  set(secret: string, step: number) {
    let steps: Record<string, number> = {};
    try {
      steps = JSON.parse(readFileSync(STEPS_FILE, "utf8")) as Record<string, number>;
    } catch {
      // No file yet, or a broken one: start afresh.
    }
    writeFileSync(STEPS_FILE, JSON.stringify({ ...steps, [secret]: step }));
  },
};

/** A code of the step before is typed only with this much of the current step left: it must still be taken when it arrives. */
const PREVIOUS_STEP_MARGIN_MS = 15_000;

/**
 * A code from an authenticator key, as the person's app shows it. The server takes a code once per
 * 30-second step, from one step behind to one ahead (features/accounts/totp.ts), and the tests sign
 * the same admin in again and again: each call gives a step not used before, oldest first, waiting
 * for the next one when all three are spent.
 */
export async function freshTotpCode(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = totpStep(now);
    const earliest = (step + 1) * STEP_MS - now > PREVIOUS_STEP_MARGIN_MS ? step - 1 : step;
    const next = Math.max(earliest, (lastStep.get(secret) ?? -2) + 1);
    if (next <= step + 1) {
      lastStep.set(secret, next);
      return totpCode(secret, next * STEP_MS);
    }
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * STEP_MS - now + 50));
  }
}

/** The sign-in's second step through the API, in the context that holds the challenge cookie. */
export async function secondStep(
  request: APIRequestContext,
  secret: string,
  headers: Record<string, string>,
): Promise<APIResponse> {
  return request.post("/api/users/login/totp", { data: { code: await freshTotpCode(secret) }, headers });
}

/** Types a code from the authenticator app into the sign-in form's second step. */
export async function enterTotpCode(page: Page, secret: string) {
  await page.getByLabel("Code from the app").fill(await freshTotpCode(secret));
  await page.getByRole("button", { name: "Verify" }).click();
}
