import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";

const TILE = readFileSync(path.join(import.meta.dirname, "fixtures", "tile.png"));

/**
 * The hosts a page of the app asks for outside it. The browser resolves none of them
 * (playwright.config.ts's --host-resolver-rules), so no test reaches the internet, and no request
 * pays for Playwright's routing: a route on a page or context makes Chromium stop every request of
 * it and wait for the test process to match it (Playwright 1.65.1 enables the Fetch domain with
 * the pattern "*"): five specs took 198 CPU-s of the machine with a route on every page, 181
 * without. A test that needs one of these hosts routes it itself.
 */
export const OUTSIDE_HOSTS = ["tile.openstreetmap.org", "paypal.com", "*.paypal.com"];

/** OpenStreetMap tiles come from a local fixture, each counted by `onTile`. */
export async function serveTiles(target: Page | BrowserContext, onTile: () => void = () => undefined): Promise<void> {
  await target.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) => {
    onTile();
    return route.fulfill({ status: 200, contentType: "image/png", body: TILE });
  });
}
