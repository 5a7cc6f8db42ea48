// Where the end-to-end tests find Chromium: an explicit path, the system package, or Playwright's own download.
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const systemCandidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export function findChromium() {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return existsSync(explicit) ? explicit : null;
  const system = systemCandidates.find((path) => existsSync(path));
  if (system) return system;
  const bundled = chromium.executablePath();
  return bundled && existsSync(bundled) ? bundled : null;
}
