import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import { OrderPreview, type PreviewRating } from "./order-preview";

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;

const STATION = { name: "Шиномонтаж на Київській", image: null, address: "вул. Київська, 10", description: "" };

function render(rating: PreviewRating, locale: "en" | "uk" = "en") {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: locale === "en" ? en : uk, timeZone: "Europe/Kyiv" } as ProviderProps,
      createElement(OrderPreview, { station: STATION, rating }),
    ),
  );
}
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("OrderPreview", () => {
  it("a station nobody reviewed yet (a draft) is New, with no made-up rating of 5 from 100 reviews", () => {
    const html = render({ avg: 0, numReviews: 0, fullReviews: 0 });
    expect(text(html)).toContain(" New ");
    expect(html).not.toMatch(/100 reviews|5\.0|Rating 5/);
    const ukrainian = render({ avg: 0, numReviews: 0, fullReviews: 0 }, "uk");
    expect(text(ukrainian)).toContain(" Нова ");
    expect(ukrainian).not.toMatch(/100 відгук|5\.0/);
  });

  it("a claimed place shows the rating it has earned and how many reviews, in both languages", () => {
    const html = render({ avg: 4.25, numReviews: 7, fullReviews: 7 });
    expect(html).toContain('aria-label="Rating 4.3 of 5"');
    expect(text(html)).toContain("4.3 (7 reviews)");
    expect(text(render({ avg: 4.25, numReviews: 7, fullReviews: 7 }, "uk"))).toContain("4.3 (7 відгуків)");
  });

  it("says how many of its reviews count fully, as the service page does", () => {
    expect(text(render({ avg: 3.5, numReviews: 3, fullReviews: 1 }))).toContain("3 reviews · 1 counts fully");
  });
});
