import { test as base } from "@playwright/test";
import { keepOffline } from "./offline";
import { usersOf, type Users } from "./users";

/**
 * Every page stays offline (./offline.ts), and `tiles.count` tells whether a map really asked for
 * its tiles. `users` makes accounts of each role and signs them in through the API.
 */
export const test = base.extend<{ tiles: { count: number }; users: Users }>({
  tiles: [
    async ({ page }, use) => {
      const tiles = { count: 0 };
      await keepOffline(page, () => tiles.count++);
      await use(tiles);
    },
    { auto: true },
  ],
  users: [
    async ({ browser, playwright, baseURL }, use) => {
      const users = usersOf(browser, () => playwright.request.newContext({ baseURL }));
      await use(users);
      await users.close();
    },
    { scope: "test" },
  ],
});

export { expect } from "@playwright/test";
