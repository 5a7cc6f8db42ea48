import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";

import type { SpecialHoursView } from "@/features/hours/answers";

import { SpecialDates } from "./special-dates";

let pageLocale = "uk";
vi.mock("next-intl/server", () => ({
  getTranslations: async () => (key: string) => key,
  getFormatter: async () => ({ dateTime: () => "1 Dec" }),
  getLocale: async () => pageLocale,
}));

const ENTRY: SpecialHoursView = {
  startsOn: "2026-12-08",
  endsOn: "2026-12-08",
  closed: true,
  opensAt: 540,
  closesAt: 1080,
  reason: "",
  holiday: null,
};

async function render(reason: string, locale: string) {
  pageLocale = locale;
  return renderToStaticMarkup(await SpecialDates({ entries: [{ ...ENTRY, reason }], today: "2026-12-06" }));
}

describe("SpecialDates: the owner's reason for a dated exception", () => {
  it("says its language when it is not the page's", async () => {
    expect(await render("Stocktaking", "uk")).toContain('<span lang="en">Stocktaking</span>');
    expect(await render("Переоблік товару", "en")).toContain('<span lang="uk">Переоблік товару</span>');
  });

  it("inherits the page's language otherwise", async () => {
    const html = await render("Переоблік товару", "uk");
    expect(html).toContain("Переоблік товару");
    expect(html).not.toContain("lang=");
  });
});
