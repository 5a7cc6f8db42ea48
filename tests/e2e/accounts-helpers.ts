import { expect, type APIRequestContext, type Page } from "@playwright/test";

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
