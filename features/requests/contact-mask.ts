/**
 * Contacts in a thread's message, hidden from the other side until the driver chooses this
 * service (features/requests/server/threads.ts): the site is where the two meet, and a shop that
 * was not chosen should not get the driver's phone through a message (nor the driver a way round
 * the site before choosing). The text is stored as typed; this is applied when it is shown.
 *
 * What counts as a contact: phone numbers (Ukrainian ones in every usual spelling, +380 67 123 45 67,
 * 0671234567, 067-123-45-67, (067) 123 45 67, 380671234567, with dots or spaces; and any number
 * written with a leading +), e-mail addresses, links (http(s)://, www., bare domains such as
 * example.com.ua, t.me/…, viber://…, wa.me/…) and messenger handles (@name). What must stay: prices
 * ("1500 грн", "1 500–2 000"), dates ("12.05.2026"), times ("10:30"), car plates ("AA 1234 BB"),
 * VINs and years, so a phone is a number that starts like one (0XX, 380…, +…), not any long run of
 * digits.
 */

/** What a hidden contact reads as. */
export const MASK = "•••";

/** Top-level domains a bare domain is recognised by (a dot alone would take "1.5" or "т.д."). */
const TLDS = [
  "com",
  "net",
  "org",
  "info",
  "biz",
  "ua",
  "укр",
  "me",
  "io",
  "co",
  "app",
  "site",
  "online",
  "shop",
  "store",
  "pro",
  "top",
  "xyz",
  "dev",
  "link",
  "club",
  "eu",
  "pl",
  "de",
  "ru",
  "su",
  "by",
  "kz",
  "us",
  "uk",
  "tv",
  "cc",
  "ai",
  "page",
  "tech",
].join("|");

/** One optional separator between the digits of a phone. */
const SEP = String.raw`[\s.\-]?`;

const PATTERNS: RegExp[] = [
  // Links with a scheme or www., up to the next space.
  /\b(?:https?:\/\/|www\.)[^\s]+/giu,
  // Messenger links.
  /\b(?:viber|tg|whatsapp):\/\/[^\s]+/giu,
  /\b(?:t|telegram|wa)\.me\/[^\s]*/giu,
  // E-mail addresses (before bare domains, so the whole address goes).
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu,
  // Bare domains: labels, a dot, a known top-level domain (and a path after it).
  new RegExp(
    String.raw`(?<![\p{L}\p{N}@._-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:${TLDS})(?![\p{L}\p{N}-])(?:\/[^\s]*)?`,
    "giu",
  ),
  // Telegram (or Viber, Instagram) handles: @ and 3 to 32 letters, digits or underscores.
  /(?<![\p{L}\p{N}_.@])@[a-z][a-z0-9_]{2,31}(?![a-z0-9_])/giu,
  // Ukrainian numbers: an optional +38 / 38 / 8, an operator code 0XX (in brackets or not), seven digits.
  new RegExp(
    String.raw`(?<![\p{L}\p{N}+])(?:(?:\+\s?)?3\s?8${SEP}|8${SEP})?\(?0${SEP}\d${SEP}\d\)?${SEP}\d(?:${SEP}\d){6}(?![\p{L}\p{N}])`,
    "gu",
  ),
  // Any number written as an international one: + and 9 to 14 digits.
  /(?<![\p{L}\p{N}])\+\s?\(?\d(?:[\s.\-()]{0,2}\d){8,13}(?![\p{L}\p{N}])/gu,
];

export type MaskedText = { text: string; hidden: boolean };

/** The text with every contact in it replaced by MASK, and whether there was any. */
export function maskContacts(text: string): MaskedText {
  let masked = text;
  for (const pattern of PATTERNS) masked = masked.replace(pattern, MASK);
  return { text: masked, hidden: masked !== text };
}

/** Whether a text holds a contact that maskContacts would hide. */
export const hasContacts = (text: string) => maskContacts(text).hidden;
