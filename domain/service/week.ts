import type { Timetable } from "./timetable-answer";

/** The week as the timetable stores it, and the time zone its hours are read in. */

export const DEFAULT_TIME_ZONE = "Europe/Kyiv";

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

export type Weekday = (typeof WEEKDAYS)[number];

export const DEFAULT_TIMETABLE: Timetable = {
  monday: { closed: false, opening: "09:00", closing: "18:00" },
  tuesday: { closed: false, opening: "09:00", closing: "18:00" },
  wednesday: { closed: false, opening: "09:00", closing: "18:00" },
  thursday: { closed: false, opening: "09:00", closing: "18:00" },
  friday: { closed: false, opening: "09:00", closing: "18:00" },
  saturday: { closed: true, opening: "10:00", closing: "16:00" },
  sunday: { closed: true, opening: "10:00", closing: "16:00" },
};
