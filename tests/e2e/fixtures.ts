import { readFileSync } from "node:fs";
import path from "node:path";
import { test as base } from "@playwright/test";

const TILE = readFileSync(path.join(import.meta.dirname, "fixtures", "tile.png"));

/**
 * Every page gets OpenStreetMap tiles from a local fixture and no PayPal: tests never reach the
 * internet, and `tiles.count` tells whether a map really asked for its tiles.
 */
export const test = base.extend<{ tiles: { count: number } }>({
  tiles: [
    async ({ page }, use) => {
      const tiles = { count: 0 };
      // PayPal's SDK is never fetched for real; a test that needs it routes a stand-in over this.
      await page.route(/^https:\/\/([a-z]+\.)?paypal\.com\//, (route) => route.abort());
      await page.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) => {
        tiles.count++;
        return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
      });
      await use(tiles);
    },
    { auto: true },
  ],
});

export { expect } from "@playwright/test";
