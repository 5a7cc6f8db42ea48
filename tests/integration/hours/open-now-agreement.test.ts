import { beforeAll, describe, expect, it } from "vitest";

import type { Timetable } from "@/domain/service/timetable-answer";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { getPublicService } from "@/features/catalog/server/detail";
import { listServices } from "@/features/catalog/server/list";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";

/**
 * "Open now" is answered three times: in SQL for the list's page and, in another shape, for its
 * count (over many rows), and in Node for what each card and service page shows (from the hours
 * of those rows). All must say the same at every instant, and a card the same as its page.
 */
const week = (
  hours: Partial<Record<keyof Timetable, { closed: boolean; opening: string; closing: string }>>,
): Timetable => ({
  ...DEFAULT_TIMETABLE,
  ...hours,
});
const HOURS: Record<string, { timetable: Timetable; timeZone: string }> = {
  office: { timetable: DEFAULT_TIMETABLE, timeZone: "Europe/Kyiv" },
  overnight: {
    timetable: week({
      friday: { closed: false, opening: "20:00", closing: "02:00" },
      saturday: { closed: true, opening: "10:00", closing: "16:00" },
    }),
    timeZone: "Europe/Kyiv",
  },
  allDay: {
    timetable: week({
      monday: { closed: false, opening: "00:00", closing: "24:00" },
      sunday: { closed: false, opening: "00:00", closing: "24:00" },
    }),
    timeZone: "Europe/Kyiv",
  },
  lisbon: {
    timetable: week({ tuesday: { closed: false, opening: "07:30", closing: "07:31" } }),
    timeZone: "Europe/Lisbon",
  },
  holidays: { timetable: DEFAULT_TIMETABLE, timeZone: "Europe/Kyiv" },
  overnightHoliday: {
    timetable: week({ friday: { closed: false, opening: "20:00", closing: "02:00" } }),
    timeZone: "Europe/Kyiv",
  },
  live: { timetable: DEFAULT_TIMETABLE, timeZone: "Europe/Kyiv" },
  liveLisbon: {
    timetable: week({ saturday: { closed: false, opening: "08:00", closing: "12:00" } }),
    timeZone: "Europe/Lisbon",
  },
};
const day = (date: string) => new Date(`${date}T00:00:00Z`);
/** Dated exceptions and live words, written past the data layer as another instance might. */
const EXCEPTIONS: Record<
  string,
  {
    special?: { startsOn: string; endsOn: string; closed: boolean; opensAt: number; closesAt: number }[];
    live?: { state: "open" | "generator" | "no_power" | "air_alert"; from: string; until: string }[];
  }
> = {
  holidays: {
    special: [
      { startsOn: "2026-11-25", endsOn: "2026-11-25", closed: true, opensAt: 0, closesAt: 0 },
      { startsOn: "2026-11-28", endsOn: "2026-11-28", closed: false, opensAt: 10 * 60, closesAt: 14 * 60 },
      { startsOn: "2026-11-26", endsOn: "2026-11-26", closed: false, opensAt: 22 * 60, closesAt: 3 * 60 },
    ],
  },
  // Saturday is closed by an exception, which must cut Friday's shift at the usual 02:00 only, and a closure the week after.
  overnightHoliday: {
    special: [
      { startsOn: "2026-11-28", endsOn: "2026-11-28", closed: true, opensAt: 0, closesAt: 0 },
      { startsOn: "2026-11-29", endsOn: "2026-12-05", closed: true, opensAt: 0, closesAt: 0 },
    ],
  },
  live: { live: [{ state: "air_alert", from: "2026-11-24T08:00:00Z", until: "2026-11-24T10:30:00Z" }] },
  liveLisbon: { live: [{ state: "generator", from: "2026-11-28T13:00:00Z", until: "2026-11-28T19:00:00Z" }] },
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const [name, { timetable, timeZone }] of Object.entries(HOURS)) {
    ids[name] = (await makeService({ name: `Agreement ${name}`, role: "mechanic", timetable, timeZone })).id;
  }
  const prisma = await getPrisma();
  for (const [name, { special = [], live = [] }] of Object.entries(EXCEPTIONS)) {
    await prisma.specialHours.createMany({
      data: special.map((entry) => ({
        ...entry,
        serviceId: ids[name]!,
        startsOn: day(entry.startsOn),
        endsOn: day(entry.endsOn),
      })),
    });
    for (const word of live) {
      await prisma.service.update({
        where: { id: ids[name] },
        data: { liveState: word.state, liveUntil: new Date(word.until), liveUpdatedAt: new Date(word.from) },
      });
    }
  }
  catalogChanged();
});

describe("open now: the list's SQL and the page's Node rule agree", () => {
  // Every 97 minutes over a week and a half (so instants fall on many different minutes), plus the edges.
  const start = Date.parse("2026-11-23T00:00:00.000Z");
  const instants = [
    ...Array.from({ length: Math.ceil((10 * 24 * 60) / 97) }, (_, index) => new Date(start + index * 97 * 60_000)),
    ...[
      "2026-11-24T07:59:00Z",
      "2026-11-24T08:00:00Z",
      "2026-11-24T10:29:00Z",
      "2026-11-24T10:30:00Z",
      "2026-11-26T23:30:00Z",
      "2026-11-28T13:30:00Z",
      "2026-11-28T18:59:00Z",
      "2026-11-28T19:00:00Z",
      "2026-11-27T23:59:00Z",
      "2026-11-28T00:01:00Z",
      "2026-11-27T17:59:00Z",
      "2026-11-27T18:00:00Z",
      "2026-11-27T23:59:00Z",
      "2026-11-28T00:00:00Z",
      "2026-11-27T23:59:59Z",
      "2026-11-24T07:30:00Z",
      "2026-11-24T07:31:00Z",
    ].map((iso) => new Date(iso)),
  ];

  it(`at ${instants.length} instants`, { timeout: 180_000 }, async () => {
    const disagreements: string[] = [];
    for (const [index, instant] of instants.entries()) {
      const openPage = await listServices({
        page: 1,
        open: true,
        keyword: "Agreement",
        userDateTime: instant.toISOString(),
      });
      const listed = new Set(openPage.items.map((item) => item._id));
      // The page and the count are asked in two SQL shapes of the rule (features/hours/server/open-now.ts).
      if (openPage.total !== listed.size)
        disagreements.push(`at ${instant.toISOString()}: page lists ${listed.size}, count says ${openPage.total}`);
      const cards = new Map(
        (await listServices({ page: 1, keyword: "Agreement", userDateTime: instant.toISOString() })).items.map(
          (item) => [item._id, item],
        ),
      );
      for (const [name, id] of Object.entries(ids)) {
        const card = cards.get(id);
        if (card?.openNow !== listed.has(id))
          disagreements.push(`${name} at ${instant.toISOString()}: list ${listed.has(id)}, card ${card?.openNow}`);
        // The page reads the same rows its own way; every third instant is enough to catch a difference in what it loads.
        if (index % 3) continue;
        const page = await getPublicService(id, instant);
        if (card?.openNow !== page.openNow || card.nextChange?.at !== page.nextChange?.at)
          disagreements.push(`${name} at ${instant.toISOString()}: card and page differ`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
