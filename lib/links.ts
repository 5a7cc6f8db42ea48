/** Outside links a service page offers: directions, dialling, mail. */

export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** A Ukrainian "0XX XXX XXXX" number in international form (+380XXXXXXXXX); null for any other. */
export function internationalPhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 && digits.startsWith("0") ? `+38${digits}` : null;
}

/** Dial link for a "XXX XXX XXXX" number: Ukrainian 0XX numbers get the +380 country code. */
export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone) ?? phone.replace(/\D/g, "")}`;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}
