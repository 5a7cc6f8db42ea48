// Where the end-to-end tests find Chromium: an explicit path, the system package, or Playwright's own download.
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";

const systemCandidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
// Debian's chromium-headless-shell: the same engine without the browser's own interface.
const headlessShellCandidates = ["/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell"];

export function findChromium() {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return existsSync(explicit) ? explicit : null;
  const system = systemCandidates.find((path) => existsSync(path));
  if (system) return system;
  const bundled = chromium.executablePath();
  return bundled && existsSync(bundled) ? bundled : null;
}

/**
 * The browser for Playwright's headless specs: the headless shell when the machine has one (what
 * Playwright itself runs headless by default), else findChromium()'s. On two cores the full
 * browser in its headless mode spent 40–60 % more CPU on the same 67 specs (98–111 against 69
 * CPU-seconds, Chromium 156), and the e2e run is bound by CPU. CHROMIUM_PATH still wins.
 */
export function findHeadlessChromium() {
  if (process.env.CHROMIUM_PATH) return findChromium();
  return headlessShellCandidates.find((path) => existsSync(path)) ?? findChromium();
}
