/**
 * The script a text is written in, so a page can mark a text whose language differs from its own
 * with `lang` (screen readers then switch voice, browsers hyphenate and pick fonts rightly). Only
 * the two scripts of the site's two languages are told apart: Latin is read as English and
 * Cyrillic as Ukrainian, which is what a text typed into this site almost always is.
 */
export type TextScript = "latin" | "cyrillic";

/** Fewer letters than this ("OK", "5+") say nothing about a language. */
const MIN_LETTERS = 3;
/**
 * The leading script needs this many times the other's letters: a Ukrainian sentence naming
 * "Toyota" stays Ukrainian, and a text half in each is left unmarked.
 */
const LEAD = 1.5;

const LATIN = /\p{Script=Latin}/gu;
const CYRILLIC = /\p{Script=Cyrillic}/gu;
/** A word (letters, joined by a hyphen or an apostrophe) or what ends a sentence. */
const TOKENS = /[\p{L}\p{M}]+(?:['’ʼ-][\p{L}\p{M}]+)*|[.!?\n]/gu;
const CAPITAL = /^\p{Lu}/u;

const count = (text: string, script: RegExp) => text.match(script)?.length ?? 0;

/**
 * The letters that speak for a language. In a text holding both scripts, a word of one script
 * starting with a capital inside a sentence is taken for a name ("Ремонт Mercedes-Benz і BMW",
 * "Repairs for ВАЗ and Таврія"): names of makes, models and towns are written in their own script
 * whatever the language around them, so they do not count. A sentence's first word counts.
 */
function speakingLetters(text: string): { latin: number; cyrillic: number } {
  const latin = count(text, LATIN);
  const cyrillic = count(text, CYRILLIC);
  if (!latin || !cyrillic) return { latin, cyrillic };
  const spoken = { latin: 0, cyrillic: 0 };
  let sentenceStart = true;
  for (const [token] of text.matchAll(TOKENS)) {
    if (token.length === 1 && ".!?\n".includes(token)) {
      sentenceStart = true;
      continue;
    }
    const name = !sentenceStart && CAPITAL.test(token);
    sentenceStart = false;
    if (name) continue;
    spoken.latin += count(token, LATIN);
    spoken.cyrillic += count(token, CYRILLIC);
  }
  return spoken;
}

export function textScript(text: string): TextScript | null {
  const { latin, cyrillic } = speakingLetters(text);
  if (Math.max(latin, cyrillic) < MIN_LETTERS) return null;
  if (latin >= cyrillic * LEAD) return "latin";
  if (cyrillic >= latin * LEAD) return "cyrillic";
  return null;
}

const LANG: Record<TextScript, "en" | "uk"> = { latin: "en", cyrillic: "uk" };

/**
 * The `lang` attribute for a text shown on a page in `pageLocale`: the text's language when it is
 * told and differs from the page's, otherwise undefined (the element inherits the page's).
 */
export function langOfText(text: string, pageLocale: string): "en" | "uk" | undefined {
  const script = textScript(text);
  if (!script) return undefined;
  const lang = LANG[script];
  return lang === pageLocale ? undefined : lang;
}
