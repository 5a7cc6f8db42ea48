import { normalizePhone } from "@/lib/phone";

/** Outside links a service page offers: directions, dialling, mail. */

export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** Dial link with the country code; a number stored before phones were normalized is dialled as its digits. */
export function telHref(phone: string): string {
  return `tel:${normalizePhone(phone) ?? phone.replace(/\D/g, "")}`;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}
