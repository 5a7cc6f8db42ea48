import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import type { ClaimVisitor } from "../rules";
import { ClaimPanel } from "./claim-panel";

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;
const SERVICE = "0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b";

/** The claim box as the server sends it (the first paint), for a visitor known or not. */
function render(visitor: ClaimVisitor | "unknown", claimed = true, locale: "en" | "uk" = "en") {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: locale === "en" ? en : uk, timeZone: "Europe/Kyiv" } as ProviderProps,
      createElement(ClaimPanel, { serviceId: SERVICE, claimed, visitor }),
    ),
  );
}
/** The element (its opening tag) holding `text`, nearest first. */
const tagAround = (html: string, text: string) => {
  const at = html.indexOf(text);
  expect(at, `"${text}" in the box`).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf("<", html.lastIndexOf("data-slot", at)), at);
};

describe("ClaimPanel at first paint", () => {
  it("shows its owner their own box, never 'Is this your business?', when the page was rendered for them", () => {
    const html = render({ signedIn: true, yours: true });
    expect(html).toContain("Your listing");
    expect(html).toContain('href="/mystos"');
    expect(html).not.toContain("Is this your business?");
    const ukrainian = render({ signedIn: true, yours: true }, true, "uk");
    expect(ukrainian).toContain("Ваш заклад");
    expect(ukrainian).not.toContain("Це ваш заклад?");
  });

  it("offers a known signed-out visitor the sign-in at once, without a loading state", () => {
    const html = render({ signedIn: false, yours: false }, false);
    expect(html).toContain("Sign in to claim it");
    expect(html).not.toContain("Loading your claim");
  });

  it("in a rendering for everyone (the page cache) keeps one slot for both boxes: the guess hidden from a signed-in browser, the owner's unseen", () => {
    const html = render("unknown");
    // Both are in the same grid cell, so whichever the answer shows, nothing below moves.
    expect(html).toContain("Is this your business?");
    expect(html).toContain("Your listing");
    expect(tagAround(html, "Is this your business?")).toMatch(/data-guess=""/);
    expect(tagAround(html, "Your listing")).toMatch(/invisible/);
    expect(tagAround(html, "Your listing")).toMatch(/aria-hidden="true"/);
    // The shared copy is everyone's: it links to nobody's own pages.
    expect(html).not.toContain('href="/mystos"');
  });

  it("a place nobody owns has no owner's box to make room for", () => {
    const html = render("unknown", false);
    expect(html).not.toContain("Your listing");
    expect(html).toContain("Is this your business?");
  });
});
