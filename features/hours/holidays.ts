/**
 * Ukraine's public holidays (Labour Code art. 73, as amended in 2023: Christmas on 25 December,
 * Statehood Day on 15 July, Defenders' Day on 1 October), offered to owners as one-click closed
 * days. Under martial law they are working days by law, so nothing is applied on its own: the
 * owner picks which ones the station keeps.
 */
export const HOLIDAYS = [
  "newYear",
  "womensDay",
  "easter",
  "labourDay",
  "victoryDay",
  "trinity",
  "constitutionDay",
  "statehoodDay",
  "independenceDay",
  "defendersDay",
  "christmas",
] as const;
export type Holiday = (typeof HOLIDAYS)[number];

const FIXED: Partial<Record<Holiday, [month: number, day: number]>> = {
  newYear: [1, 1],
  womensDay: [3, 8],
  labourDay: [5, 1],
  victoryDay: [5, 8],
  constitutionDay: [6, 28],
  statehoodDay: [7, 15],
  independenceDay: [8, 24],
  defendersDay: [10, 1],
  christmas: [12, 25],
};

/** Orthodox Easter (Meeus' Julian algorithm), moved to the Gregorian calendar: 13 days in 1900–2099. */
export function orthodoxEaster(year: number): Date {
  const d = (19 * (year % 19) + 15) % 30;
  const e = (2 * (year % 4) + 4 * (year % 7) - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day + 13));
}

export type HolidayDate = { holiday: Holiday; date: string };

function holidaysOf(year: number): HolidayDate[] {
  const easter = orthodoxEaster(year);
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  return HOLIDAYS.map((holiday) => {
    const fixed = FIXED[holiday];
    if (fixed) return { holiday, date: iso(new Date(Date.UTC(year, fixed[0] - 1, fixed[1]))) };
    const offsetDays = holiday === "trinity" ? 49 : 0;
    return { holiday, date: iso(new Date(easter.getTime() + offsetDays * 86_400_000)) };
  });
}

/** The holidays from `fromDate` (YYYY-MM-DD, included) over the next year, in date order. */
export function upcomingHolidays(fromDate: string): HolidayDate[] {
  const year = Number(fromDate.slice(0, 4));
  const until = `${year + 1}${fromDate.slice(4)}`;
  return [...holidaysOf(year), ...holidaysOf(year + 1)]
    .filter(({ date }) => date >= fromDate && date < until)
    .sort((a, b) => a.date.localeCompare(b.date));
}
