import { normalizePhone } from "@/lib/phone";

/** Outside links a service page offers: directions, dialling, mail. */

export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** Dial link with the country code; a number stored before phones were normalized is dialled as its digits. */
export function telHref(phone: string): string {
  return `tel:${normalizePhone(phone) ?? phone.replace(/\D/g, "")}`;
}

/** Opens a Viber chat with the (stored, +380…) number. */
export function viberHref(phone: string): string {
  return `viber://chat?number=${encodeURIComponent(normalizePhone(phone) ?? phone)}`;
}

export function telegramHref(username: string): string {
  return `https://t.me/${username}`;
}

/**
 * A Telegram username as people paste it ("@name", "name", "t.me/name", "https://t.me/name"),
 * bare; null when it cannot be one (5–32 of letters, digits and _, starting with a letter).
 */
export function telegramUsername(value: string): string | null {
  const bare = value
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?(t\.me|telegram\.me)\//i, "")
    .replace(/^@/, "")
    .replace(/\/$/, "");
  return /^[A-Za-z][A-Za-z0-9_]{4,31}$/.test(bare) ? bare : null;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}
