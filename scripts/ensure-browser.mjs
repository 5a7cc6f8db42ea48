// Makes sure the e2e tests have a Chromium before Playwright starts, so a missing browser is one
// clear instruction instead of a stack trace.
import "./node-guard.mjs";

import { spawnSync } from "node:child_process";

import { findChromium } from "./browser-path.mjs";
import { binCommand } from "./node-commands.mjs";

if (findChromium()) process.exit(0);

console.log("No Chromium found for the end-to-end tests; trying `npx playwright install chromium`…");
const install = spawnSync(...binCommand("playwright", ["install", "chromium"]), { stdio: "inherit" });
if (install.status === 0 && findChromium()) process.exit(0);

console.error(
  [
    "",
    "The end-to-end tests need Chromium and none could be found or downloaded.",
    "Install one of these, then run the tests again:",
    "  Debian/Ubuntu:  sudo apt-get install -y chromium",
    "  any system with internet access:  npx playwright install chromium",
    "  or point CHROMIUM_PATH at an existing Chromium/Chrome binary.",
  ].join("\n"),
);
process.exit(1);
