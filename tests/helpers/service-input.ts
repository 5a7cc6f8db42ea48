import { DEFAULT_TIMETABLE } from "@/domain/service/week";

/** A complete, valid station form as the client sends it. */
export const STATION_INPUT = {
  name: "СТО Лівий Берег",
  contactPhone1: "067 123 4567",
  contactMail: "sto@example.com",
  coordinates: { lat: 50.45, lng: 30.6 },
  address: "просп. Броварський, 5, Київ",
  description: "Ходова, діагностика",
  category: "cars",
  brand: "Toyota",
  experience: 7.5,
  isOnTheGo: false,
  timetable: DEFAULT_TIMETABLE,
};
