/**
 * Contacts in a thread's message, hidden from the other side until the driver chooses this
 * service (features/requests/server/threads.ts): the site is where the two meet, and a shop that
 * was not chosen should not get the driver's phone through a message (nor the driver a way round
 * the site before choosing). The text is stored as typed; this is applied when it is shown.
 *
 * What counts as a contact: phone numbers, e-mail addresses (also spelled out: "ivan (at) gmail
 * (dot) com", "іван собака gmail.com"), links (http(s)://, www., bare domains such as
 * example.com.ua or bit.ly/x, tg://, viber://) and messenger handles (@name).
 *
 * What must stay, because a repair conversation is full of numbers: prices ("1500 грн",
 * "1 500–2 000"), dates ("12.05.2026"), times ("10:30"), plates ("AA 1234 BB"), VINs, years,
 * mileage, part numbers ("0 986 494 294", "06A 115 561 B") and abbreviations ("т.д.", "1.5 л").
 * So a phone is not "ten digits starting with 0": it is ten digits grouped the way Ukrainian phones
 * are written (a 0XX operator or area code, then 123 45 67, 123 4567, 12 34 567; (0432) 55-12-34
 * for a 4-digit area code), or written with +38 / 38 / 8 before it, or any number written with a
 * leading + (international). Ten digits in one piece are a phone only after a mobile operator's code
 * (0671234567): that is how mobiles are typed most often, so the Bosch number 0986494294 (098 is
 * Kyivstar's) is hidden too, while a landline in one piece (0441234567) is not, because Toyota's
 * 04465… and Bosch's 0445…/0450… part numbers look exactly like one. Grouped 0 986 494 294
 * (1-3-3-3) is no phone grouping and stays.
 *
 * Tricks to get past this are undone first (see normalise): full-width and other compatibility
 * forms (NFKC), invisible characters (zero-width, bidi marks, soft hyphens, combining marks as
 * in keycap emoji), every kind of dash and slash. Detection runs on that normalised text and every
 * match is mapped back to the characters typed, so whatever is not a contact reads exactly as it
 * was written.
 *
 * Left out on purpose, as costing more false alarms than they would catch: digits spelled as words
 * or with the letter O for 0, a number cut into pairs (06 71 23 45 67), a landline typed in one
 * piece (above), a handle without its @ ("телеграм ivan_petrenko"), short word-like top-level
 * domains without a path (ivan.to, fixed.it) and a domain capitalised like a new sentence
 * (autofix.Ua, read as "autofix. Ua" typed without its space).
 */

/** What a hidden contact reads as. */
export const MASK = "•••";

// ---------------------------------------------------------------------------------------------
// Normalising: the text as a reader sees it, with a way back to what was typed.

type Normalised = {
  /** NFKC, invisible characters dropped, every dash as "-" and every slash as "/". */
  text: string;
  /** For each UTF-16 unit of text, where in the original it came from ([from, to)). */
  from: number[];
  to: number[];
  /** Whether invisible characters were dropped right before this unit (0\u200B67 reads 067). */
  afterInvisible: boolean[];
};

/** A character with the combining marks after it: normalised together, so é stays é. */
const SEGMENT = /\P{M}\p{M}*|\p{M}+/gu;
/**
 * What a reader does not see: format characters (zero-width space and joiners, LRM/RLM and the
 * bidi isolates, soft hyphen, BOM), combining marks NFKC left over (U+20E3 of a keycap 0️⃣, strokes
 * drawn through digits) and control characters other than white space.
 */
const INVISIBLE = /[\p{Cf}\p{M}]|[^\P{Cc}\s]/u;
/** Hyphen, en and em dashes, minus signs: all read as a dash between digits. */
const DASH = /[\p{Pd}\u2212\u02D7\u2796]/u;
/** Fraction and division slashes, the backslash: all read as a slash. */
const SLASH = /[\u2044\u2215\u29F8\\]/u;

function normalise(original: string): Normalised {
  let text = "";
  const from: number[] = [];
  const to: number[] = [];
  const afterInvisible: boolean[] = [];
  let dropped = false;
  for (const segment of original.matchAll(SEGMENT)) {
    const start = segment.index;
    const end = start + segment[0].length;
    // NFKC per segment, not on the whole text, so that every output character knows its source.
    for (const char of segment[0].normalize("NFKC")) {
      if (INVISIBLE.test(char)) {
        dropped = true;
        continue;
      }
      const shown = DASH.test(char) ? "-" : SLASH.test(char) ? "/" : char;
      for (let unit = 0; unit < shown.length; unit++) {
        text += shown[unit];
        from.push(start);
        to.push(end);
        afterInvisible.push(dropped && unit === 0);
      }
      dropped = false;
    }
  }
  return { text, from, to, afterInvisible };
}

/** A stretch [start, end) of the normalised text that is a contact. */
type Span = { start: number; end: number };

// ---------------------------------------------------------------------------------------------
// Phones. The normalised text is cut into runs of digit groups (digits with only separators
// between them); a phone is then a few consecutive groups whose digits and grouping fit one.

/** Mobile operators' codes: Kyivstar, Vodafone, lifecell, 3Mob, PEOPLEnet, Intertelecom. */
const MOBILE_CODES = new Set("039 050 063 066 067 068 073 091 092 093 094 095 096 097 098 099".split(" "));
/** A 0XX a phone starts with: a mobile operator's or a geographic area's (03x–06x: 044 Kyiv, 032 Lviv…). */
const isCode = (code: string) => MOBILE_CODES.has(code) || /^0[3-6]\d$/.test(code);
/** A longer code (0432 Vinnytsia, 04594 a small town) is always a geographic one. */
const isAreaCode = (code: string) => /^0[3-6]\d+$/.test(code);

/**
 * Groupings of a 10-digit national number (its group lengths joined by "-"). After a 3-digit code,
 * seven digits in two or three groups (123 45 67, 123 4567, 12 34 567) or in one.
 */
const AFTER_CODE: Record<number, { always: string[]; bracketed: string[] }> = {
  3: { always: ["3-2-2", "2-3-2", "2-2-3", "3-4", "4-3", "7"], bracketed: [] },
  // After a 4-digit area code six digits, 55-12-34; 551 234 or 551234 only with the code in
  // brackets: 0445 110 250 (4-3-3) is how Bosch injector numbers get written.
  4: { always: ["2-2-2"], bracketed: ["3-3", "2-4", "4-2", "6"] },
  // A 5-digit area code only in brackets, (04594) 5-12-34: 04465 33450 is a Toyota part number.
  5: { always: [], bracketed: ["1-2-2", "2-3", "3-2", "5"] },
};
/** Toll-free 0 800 numbers, written 0 800 123 456 or 0800 123 456. */
const TOLL_FREE = new Set(["1-3-3-3", "4-3-3", "4-2-2-2", "4-6", "10"]);

type DigitGroup = {
  digits: string;
  /** Where it lies in the normalised text. */
  start: number;
  end: number;
  /** Parted from the group before only by invisible characters: nothing a reader sees. */
  invisibleBefore: boolean;
  /** Parted from the group before by a comma, colon, line break or a long gap: a weaker link. */
  looseBefore: boolean;
  /** Where the "+" before it is, when it is written as an international number. */
  plusAt: number | null;
  /** Where its "(" is, when it is in brackets: (067), (0432), (+38). */
  bracketAt: number | null;
};

/**
 * What may stand between the groups of one phone: spaces, dashes, slashes, underscores, dots,
 * commas, colons, brackets, doubled or spaced out ("067 - 123 - 45 - 67"). A letter ends a run.
 */
const GAP = /^[\s\-/_.,:()[\]]{1,5}$/u;
const LOOSE_GAP = /[,:\n]/u;
/** A VIN (17 characters, no I, O or Q): its digits are no phone, whatever they look like. */
const VIN = /(?<![\p{L}\p{N}])(?=[A-Z]*\d)(?=\d*[A-Z])[A-HJ-NPR-Z0-9]{17}(?![\p{L}\p{N}])/giu;

function digitRuns({ text, afterInvisible }: Normalised): DigitGroup[][] {
  const scan = text.replace(VIN, (vin) => "x".repeat(vin.length));
  const runs: DigitGroup[][] = [];
  let run: DigitGroup[] = [];
  const add = (start: number, end: number, invisibleBefore: boolean) => {
    const previous = run.at(-1);
    const gap = previous ? text.slice(previous.end, start) : "";
    if (!invisibleBefore && !(previous && GAP.test(gap) && !gap.includes("\n\n"))) {
      if (run.length > 0) runs.push(run);
      run = [];
    }
    let before = start - 1;
    let bracketAt: number | null = null;
    let plusAt: number | null = null;
    if (text[before] === "+" && !/[\p{L}\p{N}]/u.test(text[before - 1] ?? "")) plusAt = before--;
    if ((text[before] === "(" || text[before] === "[") && /[)\]]/.test(text[end] ?? "")) bracketAt = before;
    run.push({
      digits: text.slice(start, end),
      start,
      end,
      invisibleBefore,
      looseBefore: run.length > 0 && !invisibleBefore && (LOOSE_GAP.test(gap) || gap.length > 3),
      plusAt,
      bracketAt,
    });
  };
  for (const match of scan.matchAll(/\d+/g)) {
    // A group with invisible characters inside is cut there: 044\u200B123 reads as 044 123.
    let start = match.index;
    const end = start + match[0].length;
    for (let at = start + 1; at <= end; at++) {
      if (at === end || afterInvisible[at]) {
        add(start, at, start !== match.index);
        start = at;
      }
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** One way to read a run from a group on: the prefix (+)38 / 8 it starts with, and where the 0XX… begins. */
type Reading = { prefix: "" | "8" | "38"; first: string; firstGroup: number; next: number };

/** The ways group i may begin a Ukrainian number: (00)380…, (00)38 0…, 8 0…, 80…, or 0… itself. */
function readings(run: DigitGroup[], i: number): Reading[] {
  const digits = run[i]!.digits;
  // 00 is how a "+" is dialled: 00380… is +380….
  const country = digits.startsWith("0038") ? digits.slice(2) : digits;
  const following = run[i + 1];
  const found: Reading[] = [];
  // "380 67 …": the 0 of 380 is the national number's own.
  if (country === "380" && following)
    found.push({ prefix: "38", first: `0${following.digits}`, firstGroup: i + 1, next: i + 2 });
  if (country.startsWith("380") && country.length > 3)
    found.push({ prefix: "38", first: `0${country.slice(3)}`, firstGroup: i, next: i + 1 });
  if (country === "38" && following)
    found.push({ prefix: "38", first: following.digits, firstGroup: i + 1, next: i + 2 });
  if (digits === "8" && following) found.push({ prefix: "8", first: following.digits, firstGroup: i + 1, next: i + 2 });
  if (digits.startsWith("80")) found.push({ prefix: "8", first: digits.slice(1), firstGroup: i, next: i + 1 });
  if (digits.startsWith("0")) found.push({ prefix: "", first: digits, firstGroup: i, next: i + 1 });
  return found;
}

/** Whether group lengths (joined by "-") and the digits fit a Ukrainian national number. */
function fitsGrouping(shape: string, digits: string, bracketed: boolean): boolean {
  if (shape === "10") return MOBILE_CODES.has(digits.slice(0, 3));
  const [codeLength, ...rest] = shape.split("-").map(Number);
  const after = AFTER_CODE[codeLength!];
  if (!after) return false;
  const code = digits.slice(0, codeLength);
  if (codeLength === 3 ? !isCode(code) : !isAreaCode(code)) return false;
  const grouping = rest.join("-");
  return after.always.includes(grouping) || (bracketed && after.bracketed.includes(grouping));
}

/** The last group of a Ukrainian number starting at group i, or null. */
function ukrainianAt(run: DigitGroup[], i: number): number | null {
  for (const reading of readings(run, i)) {
    if (!reading.first.startsWith("0")) continue;
    // The national number's groups: the first (maybe cut from a group with the prefix), then whole
    // groups until there are ten digits. More or fewer: not this reading.
    const lengths = [reading.first.length];
    const invisible = [false];
    let digits = reading.first;
    let next = reading.next;
    while (digits.length < 10 && next < run.length) {
      digits += run[next]!.digits;
      lengths.push(run[next]!.digits.length);
      invisible.push(run[next]!.invisibleBefore);
      next++;
    }
    if (digits.length !== 10) continue;
    // The grouping as shown ("044\u200B123 45 67": 3-3-2-2) and as read with the invisible cuts
    // closed up ("0\u200B67 123 45 67": 3-3-2-2 as well).
    const split = lengths.join("-");
    const merged = lengths
      .reduce<number[]>(
        (all, length, at) => (invisible[at] ? [...all.slice(0, -1), all.at(-1)! + length] : [...all, length]),
        [],
      )
      .join("-");
    const bracketed = run[reading.firstGroup]!.bracketAt !== null;
    // In one piece, any code will do once something says "phone": a 38 before it, or invisible
    // characters put between its digits (nobody types those into a part number).
    const wholeAnyCode =
      merged === "10" && (reading.prefix === "38" || invisible.includes(true)) && isCode(digits.slice(0, 3));
    const fits = digits.startsWith("0800")
      ? TOLL_FREE.has(split) || TOLL_FREE.has(merged)
      : wholeAnyCode || fitsGrouping(split, digits, bracketed) || fitsGrouping(merged, digits, bracketed);
    if (fits) return next - 1;
  }
  return null;
}

/** After a "+": any 9 to 15 digits (E.164) in groups not parted by a comma, colon or line break. */
function internationalAt(run: DigitGroup[], i: number): number | null {
  let digits = 0;
  let last = i - 1;
  while (last + 1 < run.length && (last < i || !run[last + 1]!.looseBefore)) {
    if (digits + run[last + 1]!.digits.length > 15) break;
    digits += run[++last]!.digits.length;
  }
  return digits >= 9 ? last : null;
}

function phoneSpans(normalised: Normalised): Span[] {
  const spans: Span[] = [];
  for (const run of digitRuns(normalised)) {
    for (let i = 0; i < run.length; i++) {
      const group = run[i]!;
      const last = ukrainianAt(run, i) ?? (group.plusAt !== null ? internationalAt(run, i) : null);
      if (last === null) continue;
      // The mask takes the "+" and the "(" of a bracketed first group ("(067) 123…"), but not a
      // "(" around the whole number, whose ")" stays outside.
      const opens = group.bracketAt !== null && last > i ? group.bracketAt : null;
      spans.push({ start: opens ?? group.plusAt ?? group.start, end: run[last]!.end });
      i = last;
    }
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------
// E-mails, links and handles: regular expressions on the normalised text, built from named parts.

/**
 * Top-level domains a bare domain is recognised by (a dot alone would take "1.5" or "т.д."):
 * generic ones, Ukraine's and its neighbours', and those of link shorteners and link-in-bio hosts
 * (bit.ly, linktr.ee, goo.gl, t.co, youtu.be).
 */
const TLDS = [
  ...["com", "net", "org", "info", "biz", "edu", "gov", "ua", "укр", "io", "co", "app", "site", "online"],
  ...["shop", "store", "pro", "top", "xyz", "dev", "link", "club", "page", "tech", "ai", "tv", "cc", "fm"],
  ...["eu", "pl", "de", "ru", "su", "kz", "uk", "cz", "sk", "lt", "lv", "ee", "md", "ge", "fr", "es", "nl", "ch"],
  ...["ly", "gl", "gg", "ws", "ca", "cn", "jp"],
];
/**
 * Top-level domains that are also short English words: "Thanks.To be clear" or "fixed.it" is prose
 * typed without a space, so these count only with a path after them (youtu.be/x, t.me/ivan).
 */
const WORD_TLDS = ["to", "in", "it", "be", "am", "me", "us", "by", "at", "is", "so", "no", "my", "do"];
const tldPattern = (tlds: string[]) => [...tlds].sort((a, b) => b.length - a.length).join("|");
const ANY_TLD = tldPattern([...TLDS, ...WORD_TLDS]);

/** One label of a domain name: letters and digits, hyphens inside. */
const LABEL = String.raw`[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?`;
/** A dot between labels: ".", or spelled out: "[.]", "(dot)", "[крапка]", " dot ", " крапка ". */
const DOT = String.raw`(?:\.|\s*[[({]\s*(?:\.|dot|крапка|точка)\s*[\])}]\s*|\s+(?:dot|крапка|точка)\s+)`;
/** After an "@" a reader also takes "gmail . com" as a dot. */
const MAIL_DOT = String.raw`(?:${DOT}|\s*\.\s*)`;
/** A link's last character is not the sentence's punctuation: "see autofix.ua/prices." */
const LINK_END = String.raw`[^\s.,;:!?'"»)\]}]`;
const PATH = String.raw`(?:\/(?:\S*${LINK_END})?)?`;
const NOT_AFTER_NAME = String.raw`(?![\p{L}\p{N}-])`;

/** An address's part before the "@" (not starting inside a longer word: "I'm at …" is no address). */
const LOCAL = String.raw`(?<![\p{L}\p{N}._%+'’ʼ-])[\p{L}\p{N}._%+-]+`;
/**
 * "@" with spaces: after it, or on both sides ("ivan @ gmail.com"). A space before it alone is how a
 * handle follows a word ("Інстаграм @ivan.petrenko"): the handle is hidden, the word stays.
 */
const SPACED_AT = String.raw`(?:\s+@\s+|@\s+)`;
/** "@" spelled out: "[at]", "(at)", " at ", and the Ukrainian "собака" / "равлик" (what @ is called). */
const AT_WORD = String.raw`(?:\s*[[({<]\s*(?:at|собака|равлик)\s*[\])}>]\s*|\s+(?:at|собака|равлик)\s+)`;
/** A domain whose dots may be spelled out: then it must end in a known top-level domain. */
const SPELLED_DOMAIN = String.raw`(?:${LABEL}${MAIL_DOT})+(?:${tldPattern(TLDS)})${NOT_AFTER_NAME}`;
/** A domain with plain dots after a plain "@": any top-level domain (ivan@mail.example). */
const PLAIN_DOMAIN = String.raw`${LABEL}(?:\.${LABEL})+`;

type TextPattern = { pattern: RegExp; accept?: (match: RegExpMatchArray) => boolean };

const TEXT_PATTERNS: TextPattern[] = [
  // Links with a scheme or www., up to the next space.
  { pattern: new RegExp(String.raw`\b(?:https?:\/\/|www\.)\S*${LINK_END}`, "giu") },
  // Messenger links: tg://resolve?domain=…, viber://chat?number=…, whatsapp://send?phone=…
  { pattern: new RegExp(String.raw`\b(?:viber|tg|whatsapp|skype|signal|sgnl):\/*\S*${LINK_END}`, "giu") },
  // E-mail addresses: with a plain "@" any domain; with spaces around it, or with it spelled out
  // ("[at]", "собака"), only one ending in a known top-level domain.
  {
    pattern: new RegExp(
      String.raw`${LOCAL}(?:@(?:${SPELLED_DOMAIN}|${PLAIN_DOMAIN})|${SPACED_AT}${SPELLED_DOMAIN})`,
      "giu",
    ),
  },
  { pattern: new RegExp(String.raw`${LOCAL}${AT_WORD}${SPELLED_DOMAIN}`, "giu") },
  // Bare domains: labels, dots, a known top-level domain and maybe a path (t.me/ivan, wa.me/380…).
  {
    pattern: new RegExp(
      String.raw`(?<![\p{L}\p{N}@._-])(?:(?<label>${LABEL})${DOT})+(?<tld>${ANY_TLD})${NOT_AFTER_NAME}(?<path>${PATH})`,
      "giu",
    ),
    accept: ({ groups }) => {
      const { label = "", tld = "", path = "" } = groups ?? {};
      if (path) return true;
      if (WORD_TLDS.includes(tld.toLowerCase())) return false;
      // "the car.Shop is open": a sentence typed without its space, not a domain (those are typed
      // lower-case, or all in capitals).
      const sentence = /^\p{Lu}\p{Ll}+$/u.test(tld) && /\p{Ll}$/u.test(label);
      return !sentence;
    },
  },
  // Telegram, Viber or Instagram handles: @ and at least three letters, digits, underscores or
  // inner dots (@ivan.petrenko on Instagram). Not the end of an address: ivan@gmail is no handle.
  { pattern: /(?<![\p{L}\p{N}_.@])@[a-z](?:[a-z0-9_]|\.(?=[a-z0-9_])){2,}(?![a-z0-9_])/giu },
];

function textSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const { pattern, accept } of TEXT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      if (accept && !accept(match)) continue;
      spans.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  return spans;
}

// ---------------------------------------------------------------------------------------------

export type MaskedText = { text: string; hidden: boolean };

/** The text with every contact in it replaced by MASK, and whether there was any. */
export function maskContacts(text: string): MaskedText {
  const normalised = normalise(text);
  // Back to the original's characters, in order, overlapping or touching ones joined (an address
  // found both as an e-mail and as a domain is one contact).
  const ranges = [...phoneSpans(normalised), ...textSpans(normalised.text)]
    .map(({ start, end }) => ({ start: normalised.from[start]!, end: normalised.to[end - 1]! }))
    .sort((a, b) => a.start - b.start);
  let masked = "";
  let shownUpTo = 0;
  let hidden = false;
  for (let i = 0; i < ranges.length; i++) {
    const start = ranges[i]!.start;
    let end = ranges[i]!.end;
    while (i + 1 < ranges.length && ranges[i + 1]!.start <= end) end = Math.max(end, ranges[++i]!.end);
    masked += text.slice(shownUpTo, start) + MASK;
    shownUpTo = end;
    hidden = true;
  }
  return { text: masked + text.slice(shownUpTo), hidden };
}

/** Whether a text holds a contact that maskContacts would hide. */
export const hasContacts = (text: string) => maskContacts(text).hidden;
