import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every mail to a person goes through notify (features/notifications/server/notify.ts), which
 * applies their choices and reaches them on their other channels too. A feature that writes to the
 * mail outbox itself would bypass both: this test fails when one does. The only exception is mail
 * to an address of the site's operators that is no person's account.
 */
const ROOT = path.resolve(__dirname, "../..");
const SEARCHED = ["app", "features", "lib", "domain", "components", "jobs.ts", "instrumentation-node.ts"];
const OUTBOX_WRITERS = /\b(enqueueMail|sendMail|queueMail|attemptInBackground)\b/;

/** Allowed, with the reason. */
const ALLOWED: Record<string, string> = {
  "lib/mail/outbox.ts": "the outbox itself",
  "features/notifications/server/notify.ts": "the one door",
  "features/feedback/server/feedback.ts":
    "feedback goes to FEEDBACK_TO, the operators' address, not a person's account",
};

function sourceFiles(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (/\.(ts|tsx)$/.test(entry)) return [entry];
  return readdirSync(full, { withFileTypes: true }).flatMap((child) => {
    const relative = path.join(entry, child.name);
    if (child.isDirectory()) return child.name === "generated" ? [] : sourceFiles(relative);
    return /\.(ts|tsx)$/.test(child.name) && !/\.test\.tsx?$/.test(child.name) ? [relative] : [];
  });
}

describe("mail to a person goes through notify", () => {
  it("finds no other writer of the mail outbox", () => {
    const writers = SEARCHED.flatMap(sourceFiles).filter((file) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      return (
        /from "@\/lib\/mail\/outbox"/.test(text) && OUTBOX_WRITERS.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, ""))
      );
    });
    expect(writers.filter((file) => !(file in ALLOWED))).toEqual([]);
    // The list stays true: an allowed file that no longer writes is taken off it.
    expect(Object.keys(ALLOWED).filter((file) => file !== "lib/mail/outbox.ts" && !writers.includes(file))).toEqual([]);
  });
});
