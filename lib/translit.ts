/**
 * Ukrainian ↔ Latin transliteration (the official 2010 table, simplified for search), so "Kyiv"
 * finds "Київ" and "Автодоктор" finds "Avtodoktor".
 */
const CYR_TO_LAT: Record<string, string> = {
  а: "a",
  б: "b",
  в: "v",
  г: "h",
  ґ: "g",
  д: "d",
  е: "e",
  є: "ie",
  ж: "zh",
  з: "z",
  и: "y",
  і: "i",
  ї: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ь: "",
  ю: "iu",
  я: "ia",
  ё: "e",
  ы: "y",
  э: "e",
  ъ: "",
  "'": "",
  ʼ: "",
};

const LAT_TO_CYR: [string, string][] = [
  ["shch", "щ"],
  ["zh", "ж"],
  ["kh", "х"],
  ["ts", "ц"],
  ["ch", "ч"],
  ["sh", "ш"],
  ["yu", "ю"],
  ["iu", "ю"],
  ["ya", "я"],
  ["ia", "я"],
  ["ye", "є"],
  ["ie", "є"],
  ["yi", "ї"],
  ["a", "а"],
  ["b", "б"],
  ["v", "в"],
  ["h", "г"],
  ["g", "г"],
  ["d", "д"],
  ["e", "е"],
  ["z", "з"],
  ["y", "и"],
  ["i", "і"],
  ["j", "й"],
  ["k", "к"],
  ["l", "л"],
  ["m", "м"],
  ["n", "н"],
  ["o", "о"],
  ["p", "п"],
  ["r", "р"],
  ["s", "с"],
  ["t", "т"],
  ["u", "у"],
  ["f", "ф"],
  ["c", "ц"],
  ["w", "в"],
  ["x", "кс"],
  ["q", "к"],
];

export function cyrillicToLatin(text: string): string {
  return [...text.toLowerCase()].map((char) => CYR_TO_LAT[char] ?? char).join("");
}

export function latinToCyrillic(text: string): string {
  let out = "";
  const lower = text.toLowerCase();
  for (let i = 0; i < lower.length;) {
    // "yi" after a consonant is "иї" (Kyiv → Київ); elsewhere it is "ї" (Yizhak → Їжак).
    if (lower.startsWith("yi", i) && i > 0 && /[bcdfghjklmnpqrstvwxz]/.test(lower[i - 1]!)) {
      out += "иї";
      i += 2;
      continue;
    }
    const match = LAT_TO_CYR.find(([latin]) => lower.startsWith(latin, i));
    if (match) {
      out += match[1];
      i += match[0].length;
    } else {
      out += lower[i];
      i += 1;
    }
  }
  return out;
}

/** The keyword plus its spelling in the other script, without duplicates. */
export function keywordVariants(keyword: string): string[] {
  const base = keyword.trim().toLowerCase();
  return [...new Set([base, cyrillicToLatin(base), latinToCyrillic(base)])].filter(Boolean);
}
