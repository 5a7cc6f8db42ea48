/** Outside links a service page offers: directions, dialling, mail. */

export function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
}

/** Dial link for a "XXX XXX XXXX" number: Ukrainian 0XX numbers get the +380 country code. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length === 10 && digits.startsWith("0") ? `tel:+38${digits}` : `tel:${digits}`;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}
