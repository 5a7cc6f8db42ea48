import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import { StarInput } from "./star-input";

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;

/** What react-hook-form's register("rating.quality") spreads on each radio. */
const registered = { name: "rating.quality", onChange: async () => {}, onBlur: async () => {}, ref: () => {} };

function render(props: { value: string; error?: string }, locale: "en" | "uk" = "en") {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: locale === "en" ? en : uk, timeZone: "Europe/Kyiv" } as ProviderProps,
      createElement(StarInput, {
        id: "review-quality",
        legend: locale === "en" ? en.Review.quality : uk.Review.quality,
        input: registered,
        ...props,
      }),
    ),
  );
}

/** The radios' accessible names: the text of each label, read without the markup. */
const names = (html: string) =>
  [...html.matchAll(/<label[^>]*>(.*?)<\/label>/g)].map((match) => match[1]!.replace(/<[^>]+>/g, ""));

describe("StarInput: a rating as five tap-stars", () => {
  it("is a radio group named by its legend, five radios of one name valued 1 to 5", () => {
    const html = render({ value: "" });
    expect(html).toMatch(/^<fieldset role="radiogroup" aria-labelledby="review-quality-legend" aria-required="true"/);
    expect(html).toContain('<legend id="review-quality-legend"');
    const radios = [...html.matchAll(/<input type="radio"[^>]*>/g)].map((match) => match[0]);
    expect(radios).toHaveLength(5);
    radios.forEach((radio, index) => {
      expect(radio).toContain('name="rating.quality"');
      expect(radio).toContain(`value="${index + 1}"`);
      expect(radio).toContain(`id="review-quality-${index + 1}"`);
    });
  });

  it("names each star for a screen reader, in English and in Ukrainian", () => {
    expect(names(render({ value: "" }))).toEqual([
      "Poor, 1 star",
      "Fair, 2 stars",
      "Good, 3 stars",
      "Very good, 4 stars",
      "Excellent, 5 stars",
    ]);
    expect(names(render({ value: "" }, "uk"))).toEqual([
      "Погано, 1 зірка",
      "Задовільно, 2 зірки",
      "Добре, 3 зірки",
      "Дуже добре, 4 зірки",
      "Відмінно, 5 зірок",
    ]);
  });

  it("gives every star a touch target of 44 px and a ring while it has the keyboard's focus", () => {
    const labels = [...render({ value: "" }).matchAll(/<label class="([^"]*)"/g)].map((match) => match[1]!);
    expect(labels).toHaveLength(5);
    for (const classes of labels) {
      expect(classes.split(" ")).toEqual(expect.arrayContaining(["size-11", "has-focus-visible:ring-2"]));
    }
  });

  it("lays each radio over its whole star, transparent, so a tap or a click on the star lands on the radio itself", () => {
    // A radio clipped to nothing (sr-only) is never what a pointer hits: the label is, and tools that
    // press the radio where it lies (assistive switches, the end-to-end tests' check()) find it covered.
    const html = render({ value: "" });
    const labels = [...html.matchAll(/<label class="([^"]*)"/g)].map((match) => match[1]!.split(" "));
    const radios = [...html.matchAll(/<input type="radio"[^>]*class="([^"]*)"/g)].map((match) => match[1]!.split(" "));
    expect(radios).toHaveLength(5);
    for (const classes of labels) expect(classes).toContain("relative");
    for (const classes of radios) {
      expect(classes).not.toContain("sr-only");
      expect(classes).toEqual(
        expect.arrayContaining(["absolute", "inset-0", "size-full", "opacity-0", "cursor-pointer"]),
      );
    }
  });

  it("fills the stars up to the chosen one and says the choice beside them (hidden from screen readers, which hear the radio)", () => {
    const chosen = render({ value: "4" });
    expect(chosen.match(/data-filled="true"/g)).toHaveLength(4);
    expect(chosen).toContain('<span aria-hidden="true" class="text-slate-600">Very good</span>');
    const none = render({ value: "" }, "uk");
    expect(none).not.toContain('data-filled="true"');
    expect(none).toContain(`>${uk.Review.unrated}</span>`);
  });

  it("is marked invalid and described by its error, whose id the form's error focus and the tests use", () => {
    const html = render({ value: "", error: "Choose a score from 1 to 5." });
    expect(html).toMatch(/^<fieldset[^>]* aria-invalid="true" aria-describedby="review-quality-error"/);
    expect(html).toContain('<span id="review-quality-error"');
    expect(render({ value: "" })).not.toContain("aria-invalid");
  });
});
