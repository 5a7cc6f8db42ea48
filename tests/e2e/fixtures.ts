import { test as base, type BrowserContext } from "@playwright/test";

import { serveTiles } from "./offline";
import { usersOf, type Users } from "./users";

/** What next-intl reports when a client component asks for a message its page did not hand it. */
const MISSING_MESSAGE = /MISSING_MESSAGE|Could not resolve .* in messages/;
const missingMessages: string[] = [];
const watched = new WeakSet<BrowserContext>();

function watchMessages(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  context.on("console", (message) => {
    if (message.type() === "error" && MISSING_MESSAGE.test(message.text()))
      missingMessages.push(`${message.page()?.url()}: ${message.text()}`);
  });
}

/**
 * No page reaches the internet (./offline.ts); a test that asks for `tiles` gets the map's tiles
 * from a fixture, and `tiles.count` tells whether a map really asked for them. `users` makes
 * accounts of each role and signs them in through the API. Every context a test opens is watched
 * for messages a page did not hand its client components (app/_shell/client-messages.tsx);
 * one such message fails the test.
 */
export const test = base.extend<{ tiles: { count: number }; users: Users; messagesComplete: void }>({
  tiles: [
    async ({ page }, use) => {
      const tiles = { count: 0 };
      await serveTiles(page, () => tiles.count++);
      await use(tiles);
    },
    { scope: "test" },
  ],
  users: [
    async ({ browser, playwright, baseURL }, use) => {
      const users = usersOf(browser, () => playwright.request.newContext({ baseURL }));
      await use(users);
      await users.close();
    },
    { scope: "test" },
  ],
  messagesComplete: [
    async ({ browser, context }, use) => {
      watchMessages(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const opened = await newContext(options);
        watchMessages(opened);
        return opened;
      };
      missingMessages.length = 0;
      await use();
      browser.newContext = newContext;
      base.expect(missingMessages, "messages the page did not hand its client components").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect } from "@playwright/test";
