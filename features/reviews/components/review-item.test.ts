import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { ReviewView } from "@/features/reviews/answers";
import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import { ReviewItem } from "./review-item";

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;

const REVIEW: ReviewView = {
  _id: "0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b",
  name: "Olena",
  rating: { quality: 5, speed: 4, price: 4, avg: 4.33 },
  comment: "",
  createdAt: "2026-11-20T10:00:00.000Z",
  verified: false,
  reply: null,
  hidden: null,
  held: false,
};

function render(review: Partial<ReviewView>, locale: "en" | "uk") {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: locale === "en" ? en : uk, timeZone: "Europe/Kyiv" } as ProviderProps,
      createElement(ReviewItem, { review: { ...REVIEW, ...review } }),
    ),
  );
}

/** The lang attribute of the element holding `text`, or null when it has none. */
const langAround = (html: string, text: string) =>
  new RegExp(`<p(?: lang="([a-z]+)")?[^>]*>${text}</p>`).exec(html)?.slice(0, 2)[1] ?? null;

describe("ReviewItem: a text in the other language than the page's says so", () => {
  it("an English review and reply on a Ukrainian page are lang=en", () => {
    const html = render(
      { comment: "Fixed my brakes in an hour", reply: { text: "Thank you, come again", at: "2026-11-21T09:00:00Z" } },
      "uk",
    );
    expect(html).toContain("Fixed my brakes in an hour");
    expect(langAround(html, "Fixed my brakes in an hour")).toBe("en");
    expect(langAround(html, "Thank you, come again")).toBe("en");
  });

  it("a Ukrainian review on an English page is lang=uk", () => {
    const html = render({ comment: "Швидко замінили колодки" }, "en");
    expect(langAround(html, "Швидко замінили колодки")).toBe("uk");
  });

  it("a text in the page's own language, or with too few letters to tell, has no lang of its own", () => {
    expect(langAround(render({ comment: "Швидко замінили колодки" }, "uk"), "Швидко замінили колодки")).toBeNull();
    expect(
      langAround(render({ comment: "Fixed my brakes in an hour" }, "en"), "Fixed my brakes in an hour"),
    ).toBeNull();
    expect(langAround(render({ comment: "10/10" }, "uk"), "10/10")).toBeNull();
  });
});

describe("ReviewItem: the owner's reply box", () => {
  it("dates the reply in slate-600: slate-500 on the box's brand-50 made 4.38:1, under WCAG's 4.5", () => {
    const html = render({ reply: { text: "Дякуємо", at: "2026-11-21T09:00:00Z" } }, "uk");
    const date = /<time dateTime="2026-11-21T09:00:00Z" class="([^"]*)"/i.exec(html)?.[1];
    expect(date).toBeDefined();
    expect(date!.split(" ")).toContain("text-slate-600");
    expect(date!.split(" ")).not.toContain("text-slate-500");
  });
});

describe("ReviewItem: dates are the day in Ukraine, not in UTC", () => {
  it("a review and a reply written after midnight in Kyiv (still the day before in UTC) read that Kyiv day", () => {
    const html = render(
      { createdAt: "2026-11-20T22:30:00.000Z", reply: { text: "Дякуємо", at: "2026-06-30T21:15:00.000Z" } },
      "en",
    );
    expect(html).toMatch(/<time datetime="2026-11-20T22:30:00.000Z"[^>]*>2026-11-21<\/time>/i);
    expect(html).toMatch(/<time datetime="2026-06-30T21:15:00.000Z"[^>]*>2026-07-01<\/time>/i);
    // Before midnight in Kyiv it stays that day.
    expect(render({ createdAt: "2026-11-20T21:30:00.000Z" }, "uk")).toContain(">2026-11-20</time>");
  });
});
