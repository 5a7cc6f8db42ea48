import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import type { JobView } from "../answers";
import { JobBody } from "./job-panel";

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;
const ID = "0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b";

const base: JobView = {
  requestId: ID,
  serviceId: ID,
  serviceName: "Autofix",
  viewer: "driver",
  on: true,
  agreed: { price: 1500, priceFrom: null, priceTo: null },
  extras: [],
  approvedExtras: 0,
  ceiling: 1500,
  jobStatus: null,
  doneAt: null,
  finalPrice: null,
  doneNote: "",
  confirmBy: null,
  confirmedBy: null,
  decidedAt: null,
  disputeReason: "",
  disputeResolvedAt: null,
  disputeResolution: "",
  canProposeExtra: false,
  canDecideExtras: false,
  canMarkDone: false,
  canConfirm: false,
};

function render(job: Partial<JobView>, locale: "en" | "uk" = "en") {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: locale === "en" ? en : uk, timeZone: "Europe/Kyiv" } as ProviderProps,
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(JobBody, { job: { ...base, ...job } }),
      ),
    ),
  );
}

const extra = (status: "proposed" | "approved" | "declined", price: number, description: string) => ({
  _id: `${ID.slice(0, -1)}${price % 10}`,
  description,
  price,
  status,
  createdAt: "2026-12-01T10:00:00.000Z",
  decidedAt: status === "proposed" ? null : "2026-12-01T11:00:00.000Z",
});

describe("the job panel", () => {
  it("shows the driver the agreed price and lets them decide proposed extra work, named for a screen reader", () => {
    const html = render({
      extras: [extra("approved", 300, "Brake discs"), extra("proposed", 201, "Brake fluid")],
      approvedExtras: 300,
      ceiling: 1800,
      canDecideExtras: true,
    });
    expect(html).toContain("₴1,500");
    expect(html).toContain("The final price may be at most ₴1,800");
    expect(html).toContain("₴1,500 agreed + ₴300 of approved extra work");
    expect(html).toContain('aria-label="Approve: Brake fluid"');
    expect(html).toContain('aria-label="Decline: Brake fluid"');
    expect(html).not.toContain('aria-label="Approve: Brake discs"');
    expect(html).not.toContain("Mark done");
  });

  it("gives the shop the forms to propose extra work and mark the job done, with the ceiling at the price", () => {
    const html = render({ viewer: "service", canProposeExtra: true, canMarkDone: true });
    expect(html).toContain("Propose extra work");
    expect(html).toContain("Final price, UAH");
    expect(html).toMatch(/<span id="[^"]+-hint"[^>]*>The final price may be at most ₴1,500<\/span>/);
    expect(html).toContain("No extra work proposed.");
  });

  it("asks the driver to confirm or dispute a job marked done, and says the end in both languages", () => {
    const done = {
      jobStatus: "done" as const,
      finalPrice: 1450,
      doneAt: "2026-12-01T10:00:00.000Z",
      confirmBy: "2026-12-04T10:00:00.000Z",
      canConfirm: true,
    };
    const html = render({ ...done, extras: [extra("proposed", 201, "Brake fluid")] });
    expect(html).toContain("Final price: ₴1,450");
    expect(html).toContain("Not decided before the job was done: not counted");
    expect(html).toContain("Confirm the job");
    expect(html).toContain("Dispute");
    expect(render({ ...done, canConfirm: false, viewer: "service" })).toContain("The driver confirms or disputes");
    expect(render({ ...done, canConfirm: false, jobStatus: "confirmed", confirmedBy: "time" }, "uk")).toContain(
      "Вважається підтвердженою: водій не відповів протягом 72 годин.",
    );
    const disputed = render({ ...done, canConfirm: false, jobStatus: "disputed", disputeReason: "Still squeals" });
    expect(disputed).toContain("The driver’s reason: Still squeals");
    expect(disputed).toContain("The Maister team is looking into the dispute.");
  });

  it("tells an admin they read only, and anyone that a cancelled job is over", () => {
    expect(render({ viewer: "admin" })).toContain("You are viewing this job as an administrator.");
    expect(render({ on: false })).toContain("This job is over");
    expect(render({ agreed: { price: null, priceFrom: 1000, priceTo: 1400 }, ceiling: 1400 }, "uk")).toMatch(
      /1\s000\s₴ – 1\s400\s₴/u,
    );
  });
});
