import { PRICE_JOBS, type PriceJob } from "@/domain/service/jobs";

/**
 * The words drivers type for a kind of work, so a keyword finds the services that price it: in
 * English and Ukrainian, the Russian spellings drivers type too, and common Latin spellings (the
 * keyword's other-script spelling is tried as well, lib/translit.ts). A topic names catalogue jobs
 * (domain/service/jobs.ts) and the words an owner's own price line is found by: towing
 * names the tow-truck job and owners' own lines ("Евакуатор 24/7") alike.
 *
 * `starts` are the beginnings of words ("шин" for шини, шина, шиномонтаж), `words` whole words
 * too short to be a beginning ("ac" is not the start of "acura"). Lower case, no apostrophes.
 */
const TOPICS = {
  tyres: {
    jobs: PRICE_JOBS.filter((job) => job.startsWith("tyre_")),
    starts: [
      "tyre",
      "tire",
      "шин",
      "шиномонтаж",
      "вулканіз",
      "вулканиз",
      "vulcani",
      "vulkaniz",
      "резин",
      "колес",
      "shyn",
      "shin",
      "rezyn",
      "rezin",
      "koles",
    ],
    words: [],
  },
  tow: {
    jobs: ["tow_truck"],
    starts: ["towing", "евакуат", "эвакуат", "evakuat", "evacuat", "буксир", "buksyr", "buksir"],
    words: ["tow", "towtruck"],
  },
  diagnostics: {
    jobs: ["diagnostics"],
    starts: ["diagnost", "діагност", "диагност", "diahnost", "компютерн", "компьютерн", "computer", "kompiuter"],
    words: [],
  },
  oil: {
    jobs: ["oil_change"],
    starts: ["мастил", "масл", "олив", "mastyl", "masl", "olyv"],
    words: ["oil", "oils"],
  },
  brakes: {
    jobs: ["brake_pads"],
    starts: ["brake", "гальм", "колодк", "тормоз", "halm", "kolodk", "tormoz"],
    words: [],
  },
  ac: {
    jobs: ["ac_refill"],
    starts: [
      "aircon",
      "conditioner",
      "conditioning",
      "кондиціон",
      "кондицион",
      "кондей",
      "фреон",
      "freon",
      "kondytsion",
      "kondicion",
    ],
    words: ["ac"],
  },
  alignment: {
    jobs: ["wheel_alignment"],
    starts: ["align", "розвал", "развал", "сходжен", "схождени", "rozval", "razval", "skhodzhen"],
    words: [],
  },
} as const satisfies Record<string, { jobs: readonly PriceJob[]; starts: readonly string[]; words: readonly string[] }>;

export type JobTopic = keyof typeof TOPICS;
const TOPIC_NAMES = Object.keys(TOPICS) as JobTopic[];

/** A typed beginning counts once it is this long ("шин", "tir"), not "ш" or "ти". */
const MIN_PREFIX = 3;
/** A start this long forgives one typo (a letter missed, added, changed or two swapped). */
const TYPO_FROM = 6;

/** A word of the keyword in one spelling, and how long it is as typed (the first spelling). */
type Word = { text: string; typed: number };

/** Lower case, apostrophes dropped ("комп’ютерна" is one word), split into words. */
const split = (text: string) =>
  text
    .toLocaleLowerCase()
    .replace(/['’ʼ`]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The keyword's words in every spelling. A spelling in the other script splits into the same
 * words, so a word's typed length is the typed word's at the same place: "ши" spelled "shy" is
 * still two letters typed, too few to be a beginning.
 */
function wordsOf(variants: readonly string[]): Word[] {
  const typed = split(variants[0] ?? "");
  return variants.flatMap((variant) =>
    split(variant).map((text, index) => ({ text, typed: Math.min(text.length, typed[index]?.length ?? text.length) })),
  );
}

/**
 * Whether a word begins with the start, allowing one typo for a long start: the edit distance
 * (optimal string alignment) between the start and the word's nearest beginning.
 */
function beginsWith({ text: word, typed }: Word, start: string): boolean {
  if (word.startsWith(start) || (typed >= MIN_PREFIX && start.startsWith(word))) return true;
  if (start.length < TYPO_FROM || word.length < start.length - 1) return false;
  const a = start;
  const b = word.slice(0, start.length + 1);
  // rows[i][j]: distance between a[0..i) and b[0..j)
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  return Math.min(...rows[a.length]!.slice(a.length - 1)) <= 1;
}

/** "r15", "р15" (Cyrillic р), "R20": a rim size, which names that tyre change. */
const RIM = /^[rр](1[3-9]|2\d)$/u;

function rimJob(word: string): PriceJob | null {
  const size = RIM.exec(word)?.[1];
  if (!size) return null;
  return Number(size) >= 20 ? "tyre_r20plus" : (`tyre_r${size}` as PriceJob);
}

/**
 * The topics a keyword (given as its spellings, the typed one first: keywordVariants) names and the catalogue jobs
 * they price. A word names a topic when it begins with one of the topic's starts (or is the
 * beginning of one, "tir"), or is one of its words; a word holding a start only inside names
 * nothing ("машини", cars, names no tyres). A rim size narrows tyre changes to that size.
 */
export function jobWordsMatching(variants: readonly string[]): { topics: JobTopic[]; jobs: PriceJob[] } {
  const words = wordsOf(variants);
  const rims = new Set(words.map((word) => rimJob(word.text)).filter((job) => job !== null));
  const topics = TOPIC_NAMES.filter(
    (topic) =>
      (topic === "tyres" && rims.size > 0) ||
      words.some(
        (word) =>
          (TOPICS[topic].words as readonly string[]).includes(word.text) ||
          TOPICS[topic].starts.some((start) => beginsWith(word, start)),
      ),
  );
  const jobs = topics.flatMap((topic) =>
    topic === "tyres" && rims.size ? TOPICS.tyres.jobs.filter((job) => rims.has(job)) : TOPICS[topic].jobs,
  );
  return { topics, jobs };
}

/** Regular-expression characters, written literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A case-insensitive PostgreSQL regular expression (`label ~* pattern`) that finds an owner's own
 * price line by the keyword (a spelling of it) or a word of its topics at a word's start: "tow"
 * finds "Евакуатор 24/7", "шини" finds "Сезонне зберігання шин" but not "Мийка машини" (cars).
 * The trigram index on the labels answers it.
 */
export function labelPattern(variants: readonly string[]): string {
  const { topics } = jobWordsMatching(variants);
  const starts = [...variants.map(literal), ...topics.flatMap((topic) => TOPICS[topic].starts)];
  const words = topics.flatMap((topic) => TOPICS[topic].words);
  return [`\\m(${starts.join("|")})`, ...(words.length ? [`\\m(${words.join("|")})\\M`] : [])].join("|");
}
