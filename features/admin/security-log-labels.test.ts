import { describe, expect, it } from "vitest";

import { SECURITY_EVENT_KINDS } from "@/lib/security/security-log";
import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

/** Every kind the security log records is named on /admin/security, in both languages. */
const label = (messages: unknown, kind: string) =>
  ["SecurityLog", "kinds", ...kind.split(".")].reduce<unknown>(
    (node, key) => (node && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
    messages,
  );

describe("security event labels", () => {
  it.each(SECURITY_EVENT_KINDS)("%s has a label in English and Ukrainian", (kind) => {
    expect(label(en, kind)).toEqual(expect.any(String));
    expect(label(uk, kind)).toEqual(expect.any(String));
    expect(label(uk, kind)).not.toBe(label(en, kind));
  });
});
