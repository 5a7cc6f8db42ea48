import { SERVICE_DEFAULTS } from "@/domain/service/fields";
import { WEEKDAYS } from "@/domain/service/week";
import { SERVICE_FIELDS, type ServiceInput } from "@/features/listings/schema";

/**
 * What the station / master form edits: the service fields, with no location until one is chosen,
 * and the photos as a list (the cover is their first, so the form never sends `image`).
 */
export type ServiceFormState = Omit<ServiceInput, "coordinates" | "image" | "images"> & {
  coordinates: { lat: number; lng: number } | null;
  images: string[];
};

export const EMPTY_SERVICE: ServiceFormState = {
  name: "",
  contactPhone1: "",
  contactPhone2: "",
  contactMail: "",
  coordinates: null,
  address: "",
  website: "",
  facebook: "",
  instagram: "",
  viber: "",
  telegram: "",
  paymentMethods: [],
  cashOnlyInOutage: false,
  images: [],
  description: "",
  category: SERVICE_DEFAULTS.category,
  brand: SERVICE_DEFAULTS.brand,
  experience: SERVICE_DEFAULTS.experience,
  isOnTheGo: SERVICE_DEFAULTS.isOnTheGo,
  serviceRadiusKm: null,
  timetable: SERVICE_DEFAULTS.timetable,
};

/** What the form edits, in the schema's order: every field but `image` (the first of `images`). */
export const FORM_FIELDS = SERVICE_FIELDS.filter((field): field is keyof ServiceFormState => field !== "image");

/** The form's part of a stored service (which also carries _id, role, ispaid…). */
export function formStateOf(service: Partial<Record<keyof ServiceFormState, unknown>>): ServiceFormState {
  return Object.fromEntries(FORM_FIELDS.map((key) => [key, service[key] ?? EMPTY_SERVICE[key]])) as ServiceFormState;
}

/** Spec §4: updates send only the fields that differ from what is stored. */
export function changedFields(
  before: ServiceFormState,
  after: ServiceFormState | ServiceInput,
): Partial<ServiceFormState> {
  const changed: Partial<Record<keyof ServiceFormState, unknown>> = {};
  for (const key of FORM_FIELDS) {
    const a = key === "timetable" ? WEEKDAYS.map((day) => before.timetable[day]) : before[key];
    const b = key === "timetable" ? WEEKDAYS.map((day) => after.timetable[day]) : after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) changed[key] = after[key];
  }
  if (changed.coordinates !== undefined || changed.address !== undefined)
    Object.assign(changed, { coordinates: after.coordinates, address: after.address });
  return changed as Partial<ServiceFormState>;
}

/** The order in which spec §5 reports the first problem of the form (as a toast): the schema's. */
export const ERROR_ORDER = FORM_FIELDS;
