import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";

const TILE = readFileSync(path.join(import.meta.dirname, "fixtures", "tile.png"));

/**
 * OpenStreetMap tiles come from a local fixture and PayPal not at all: tests never reach the
 * internet. `onTile` counts the tiles a map asked for.
 */
export async function keepOffline(target: Page | BrowserContext, onTile: () => void = () => undefined): Promise<void> {
  // PayPal's SDK is never fetched for real; a test that needs it routes a stand-in over this.
  await target.route(/^https:\/\/([a-z]+\.)?paypal\.com\//, (route) => route.abort());
  await target.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) => {
    onTile();
    return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
  });
}
