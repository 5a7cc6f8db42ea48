import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TIMETABLE, type Timetable } from "@/lib/constants";
import { getPublicService } from "@/lib/server/services/detail";
import { listServices } from "@/lib/server/services/list";
import { makeService } from "../../helpers/factories";

/**
 * "Open now" is answered twice: in SQL for the list filter (over many rows) and in Node for what
 * each card and service page shows (from the hours of those rows). Both must say the same at
 * every instant, and a card the same as its page.
 */
const week = (hours: Partial<Record<keyof Timetable, { closed: boolean; opening: string; closing: string }>>): Timetable => ({ ...DEFAULT_TIMETABLE, ...hours });
const HOURS: Record<string, { timetable: Timetable; timeZone: string }> = {
  office: { timetable: DEFAULT_TIMETABLE, timeZone: "Europe/Kyiv" },
  overnight: { timetable: week({ friday: { closed: false, opening: "20:00", closing: "02:00" }, saturday: { closed: true, opening: "10:00", closing: "16:00" } }), timeZone: "Europe/Kyiv" },
  allDay: { timetable: week({ monday: { closed: false, opening: "00:00", closing: "24:00" }, sunday: { closed: false, opening: "00:00", closing: "24:00" } }), timeZone: "Europe/Kyiv" },
  lisbon: { timetable: week({ tuesday: { closed: false, opening: "07:30", closing: "07:31" } }), timeZone: "Europe/Lisbon" },
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  for (const [name, { timetable, timeZone }] of Object.entries(HOURS)) {
    ids[name] = (await makeService({ name: `Agreement ${name}`, role: "mechanic", timetable, timeZone })).id;
  }
});

describe("open now: the list's SQL and the page's Node rule agree", () => {
  // Every 97 minutes over a week (so instants fall on many different minutes), plus the edges.
  const start = Date.parse("2026-11-23T00:00:00.000Z");
  const instants = [
    ...Array.from({ length: Math.ceil((7 * 24 * 60) / 97) }, (_, index) => new Date(start + index * 97 * 60_000)),
    ...["2026-11-27T17:59:00Z", "2026-11-27T18:00:00Z", "2026-11-27T23:59:00Z", "2026-11-28T00:00:00Z", "2026-11-27T23:59:59Z", "2026-11-24T07:30:00Z", "2026-11-24T07:31:00Z"].map((iso) => new Date(iso)),
  ];

  it(`at ${instants.length} instants`, async () => {
    const disagreements: string[] = [];
    for (const instant of instants) {
      const listed = new Set((await listServices({ page: 1, open: true, keyword: "Agreement", userDateTime: instant.toISOString() })).items.map((item) => item._id));
      const cards = new Map((await listServices({ page: 1, keyword: "Agreement", userDateTime: instant.toISOString() })).items.map((item) => [item._id, item]));
      for (const [name, id] of Object.entries(ids)) {
        const page = await getPublicService(id, instant);
        if (page.openNow !== listed.has(id)) disagreements.push(`${name} at ${instant.toISOString()}: list ${listed.has(id)}, page ${page.openNow}`);
        const card = cards.get(id);
        if (card?.openNow !== page.openNow || card.nextChange?.at !== page.nextChange?.at) disagreements.push(`${name} at ${instant.toISOString()}: card and page differ`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});
