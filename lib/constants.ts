/** Business constants of the product spec (sections 3 and 9). */

export const PRODUCT_NAME = { en: "Maister", uk: "Майстер" } as const;

export const IMAGE_MAX_BYTES = 1_048_576;
/** Photos per service; the first is the cover the spec's single `image` field names. */
export const MAX_SERVICE_IMAGES = 6;
export const PAGE_SIZE = 12;
export const ADMIN_PAGE_SIZE = 20;

export const PAYMENT = { item: "2.40", tax: "0.60", total: "3.00", currency: "USD" } as const;

export const MAP_DEFAULT_CENTER = { lat: 49.2331, lng: 28.4682 } as const;
export const MAP_DEFAULT_ZOOM = 6;
export const MAP_HEIGHT_PX = 400;
export const MARKER_SIZE = [34, 45] as const;
export const OWN_LOCATION_ZOOM = 13;

export const TOAST_DURATION_MS = 5000;
export const REGISTRATION_TOAST_DURATION_MS = 20_000;
export const CAROUSEL_INTERVAL_MS = 5000;
/** Spec: a horizontal swipe of at least this many pixels moves to the next picture. */
export const SWIPE_THRESHOLD_PX = 40;

export const DEFAULT_TIME_ZONE = "Europe/Kyiv";

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
 * Spec 3: "trailers (sent as trucks)". Trailers is an option the form offers, but what is sent and
 * stored for it is trucks, so it is never a stored value (the database's enum has no trailers).
 */
export type StoredCategory = Exclude<Category, "trailers">;
export function storedCategory(option: Category): StoredCategory {
  return option === "trailers" ? "trucks" : option;
}

/** Spelling as in the product ("Shevrolet" means Chevrolet). */
export const BRANDS = [
  "Any",
  "Audi",
  "Shevrolet",
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
  "Waz/Lada",
] as const;

/** 0 to 19.5 in steps of 0.5, then 21 shown as "20+". */
export const EXPERIENCE_OPTIONS = [...Array.from({ length: 40 }, (_, index) => index / 2), 21] as const;

export const SORT_KEYS = ["rating.desc", "rating.asc", "price.desc", "price.asc", "quality.desc", "quality.asc", "speed.desc", "speed.asc"] as const;

/** How a service takes money, in the order they are shown. */
export const PAYMENT_METHODS = ["cash", "card", "transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type DayHours = { closed: boolean; opening: string; closing: string };
export type Timetable = Record<Weekday, DayHours>;

export const DEFAULT_TIMETABLE: Timetable = {
  monday: { closed: false, opening: "09:00", closing: "18:00" },
  tuesday: { closed: false, opening: "09:00", closing: "18:00" },
  wednesday: { closed: false, opening: "09:00", closing: "18:00" },
  thursday: { closed: false, opening: "09:00", closing: "18:00" },
  friday: { closed: false, opening: "09:00", closing: "18:00" },
  saturday: { closed: true, opening: "10:00", closing: "16:00" },
  sunday: { closed: true, opening: "10:00", closing: "16:00" },
};

/**
 * What a station or master gets for each of these fields when a body leaves it out (the product spec, section 3): the
 * schema's defaults (features/listings/schema.ts) and the empty form's (features/listings/service-form.ts).
 */
export const SERVICE_DEFAULTS = {
  category: "any" as StoredCategory,
  brand: "Any" as (typeof BRANDS)[number],
  experience: 0,
  isOnTheGo: false,
  timetable: DEFAULT_TIMETABLE,
};
