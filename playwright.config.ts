import { defineConfig, devices } from "@playwright/test";

import { findHeadlessChromium } from "./scripts/browser-path.mjs";
import { OUTSIDE_HOSTS } from "./tests/e2e/offline";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const executablePath = findHeadlessChromium() ?? undefined;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // The production build registers a service worker (public/sw.js), whose fetches Playwright's
    // request routing does not see: specs that route or count requests would miss them. Only
    // tests/e2e/offline.spec.ts, which is about the worker, allows it.
    serviceWorkers: "block",
    // Pages as a person who asked for less motion sees them: no skeleton pulses, spinner turns or
    // carousel autoplay. Chromium's compositor draws such animations at 60 frames a second, even
    // headless; on four specs this cut the machine's CPU from 157 to 128 s (its GPU process from 37
    // to 18 s). The carousel's spec turns motion back on, since autoplay is its subject.
    reducedMotion: "reduce",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath,
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            // The app's outside hosts resolve nowhere (tests/e2e/offline.ts).
            `--host-resolver-rules=${OUTSIDE_HOSTS.map((host) => `MAP ${host} ~NOTFOUND`).join(", ")}`,
          ],
        },
      },
    },
  ],
  webServer: {
    // The Node running Playwright (scripts/node's under npm), not a `node` looked up on PATH.
    command: `"${process.execPath}" scripts/e2e-server.mjs`,
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
  },
});
