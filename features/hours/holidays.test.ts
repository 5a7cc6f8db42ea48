import { describe, expect, it } from "vitest";

import { orthodoxEaster, upcomingHolidays } from "@/features/hours/holidays";

describe("Ukrainian public holidays", () => {
  it("finds Orthodox Easter on its known dates", () => {
    const known = {
      2023: "2023-04-16",
      2024: "2024-05-05",
      2025: "2025-04-20",
      2026: "2026-04-12",
      2027: "2027-05-02",
      2028: "2028-04-16",
    };
    for (const [year, date] of Object.entries(known))
      expect(orthodoxEaster(Number(year)).toISOString().slice(0, 10)).toBe(date);
  });

  it("lists the next year from a date, Trinity 49 days after Easter, in order", () => {
    const list = upcomingHolidays("2026-11-23");
    expect(list[0]).toEqual({ holiday: "christmas", date: "2026-12-25" });
    expect(list.map((entry) => entry.date)).toEqual([...list.map((entry) => entry.date)].sort());
    expect(list.find((entry) => entry.holiday === "easter")?.date).toBe("2027-05-02");
    expect(list.find((entry) => entry.holiday === "trinity")?.date).toBe("2027-06-20");
    expect(list.find((entry) => entry.holiday === "statehoodDay")?.date).toBe("2027-07-15");
    expect(list).toHaveLength(11);
    expect(list.at(-1)).toEqual({ holiday: "defendersDay", date: "2027-10-01" });
  });

  it("includes the starting date itself", () => {
    expect(upcomingHolidays("2027-01-01")[0]).toEqual({ holiday: "newYear", date: "2027-01-01" });
  });
});
