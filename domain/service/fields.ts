/** The choices and defaults of a station's or master's fields (spec §3, §9). */

import { DEFAULT_TIMETABLE } from "@/domain/service/week";

/** Photos per service; the first is the cover the spec's single `image` field names. */
export const MAX_SERVICE_IMAGES = 6;

export const ROLES = ["sto", "mechanic"] as const;

export const CATEGORIES = [
  "any",
  "cars",
  "trucks",
  "buses",
  "trailers",
  "specialmachinery",
  "agriculturalmachinery",
  "watertransport",
  "airtransport",
  "motorhomes",
] as const;

export type Category = (typeof CATEGORIES)[number];

/**
 * Spec §3: "trailers (sent as trucks)". Trailers is an option the form offers, but what is sent and
 * stored for it is trucks, so it is never a stored value (the database's enum has no trailers).
 */
export type StoredCategory = Exclude<Category, "trailers">;

export function storedCategory(option: Category): StoredCategory {
  return option === "trailers" ? "trucks" : option;
}

/** The makes a station or master may name, as drivers spell them. */
export const BRANDS = [
  "Any",
  "Audi",
  "Chevrolet",
  "Bmw",
  "Ford",
  "Honda",
  "Hyundai",
  "Kia",
  "Lexus",
  "Mazda",
  "Mercedes-Benz",
  "Mitsubishi",
  "Nissan",
  "Opel",
  "Peugeot",
  "Renault",
  "Skoda",
  "Toyota",
  "Volkswagen",
  "Volvo",
  "ВАЗ/Lada",
] as const;

export type Brand = (typeof BRANDS)[number];

/**
 * The first spec's spellings ("Shevrolet", "Waz/Lada" were typos), still sent by older clients:
 * accepted as the brand they meant. Rows stored with them were rewritten by the migration
 * 20261206203238_brand_spellings (so keyword search finds them); reads still map them, for a row
 * written in between.
 */
const OLD_BRAND_SPELLINGS: Record<string, Brand> = { Shevrolet: "Chevrolet", "Waz/Lada": "ВАЗ/Lada" };

/** What a body may send as a brand: the list, and the old spellings (read as currentBrand gives them). */
export const ACCEPTED_BRANDS = [...BRANDS, ...(Object.keys(OLD_BRAND_SPELLINGS) as ("Shevrolet" | "Waz/Lada")[])];

/** A brand as it is spelt now; anything else (a current spelling, a stored value it does not know) comes back as given. */
export function currentBrand(value: string): string {
  return OLD_BRAND_SPELLINGS[value] ?? value;
}

/** 0 to 19.5 in steps of 0.5, then 21 shown as "20+". */
export const EXPERIENCE_OPTIONS = [...Array.from({ length: 40 }, (_, index) => index / 2), 21] as const;

/** How far an on-the-go master (or a tow truck, features/prices/schema.ts) may say they come, in km. */
export const SERVICE_RADIUS_MAX_KM = 300;

/** How a service takes money, in the order they are shown. */
export const PAYMENT_METHODS = ["cash", "card", "transfer"] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * What a station or master gets for each of these fields when a body leaves it out (the product spec §3): the
 * schema's defaults (features/listings/schema.ts) and the empty form's (features/listings/service-form.ts).
 */
export const SERVICE_DEFAULTS = {
  category: "any" as StoredCategory,
  brand: "Any" as Brand,
  experience: 0,
  isOnTheGo: false,
  timetable: DEFAULT_TIMETABLE,
};
