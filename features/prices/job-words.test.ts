import { describe, expect, it } from "vitest";

import { jobWordsMatching, labelPattern } from "@/features/prices/job-words";
import { keywordVariants } from "@/lib/translit";

const match = (keyword: string) => jobWordsMatching(keywordVariants(keyword));
const topics = (keyword: string) => match(keyword).topics;
const jobs = (keyword: string) => match(keyword).jobs;

const TYRES = ["tyre_r13", "tyre_r14", "tyre_r15", "tyre_r16", "tyre_r17", "tyre_r18", "tyre_r19", "tyre_r20plus"];

describe("jobWordsMatching", () => {
  it.each([
    "tyre",
    "Tyres",
    "tire",
    "tires",
    "tyre service",
    "шини",
    "Шина",
    "шиномонтаж",
    "шиномонт",
    "вулканізація",
    "вулканизация",
    "резина",
    "колеса",
    "shynomontazh",
    "shinomontazh",
    "шиномотаж",
    "шыномонтаж",
  ])("%s names every tyre change", (keyword) => {
    expect(topics(keyword)).toEqual(["tyres"]);
    expect(jobs(keyword)).toEqual(TYRES);
  });

  it("narrows tyre work to a rim size when one is given", () => {
    expect(jobs("шиномонтаж R15")).toEqual(["tyre_r15"]);
    expect(jobs("tyre r16")).toEqual(["tyre_r16"]);
    expect(jobs("шини р17")).toEqual(["tyre_r17"]);
    expect(jobs("tyres R21")).toEqual(["tyre_r20plus"]);
    expect(jobs("R18")).toEqual(["tyre_r18"]);
  });

  it.each([
    ["diagnostics", ["diagnostics"]],
    ["diagnostcs", ["diagnostics"]],
    ["diagonstics", ["diagnostics"]],
    ["діагностика", ["diagnostics"]],
    ["диагностика", ["diagnostics"]],
    ["комп'ютерна діагностика", ["diagnostics"]],
    ["комп’ютерна", ["diagnostics"]],
    ["oil", ["oil_change"]],
    ["oil change", ["oil_change"]],
    ["мастило", ["oil_change"]],
    ["масло", ["oil_change"]],
    ["заміна масла", ["oil_change"]],
    ["заміна оливи", ["oil_change"]],
    ["maslo", ["oil_change"]],
    ["brakes", ["brake_pads"]],
    ["brake pads", ["brake_pads"]],
    ["гальма", ["brake_pads"]],
    ["колодки", ["brake_pads"]],
    ["тормоза", ["brake_pads"]],
    ["AC", ["ac_refill"]],
    ["air conditioning", ["ac_refill"]],
    ["кондиціонер", ["ac_refill"]],
    ["кондиционер", ["ac_refill"]],
    ["кондиціонера", ["ac_refill"]],
    ["фреон", ["ac_refill"]],
    ["alignment", ["wheel_alignment"]],
    ["розвал", ["wheel_alignment"]],
    ["сходження", ["wheel_alignment"]],
    ["развал схождение", ["wheel_alignment"]],
    ["розвал-сходження", ["wheel_alignment"]],
  ])("%s names %j", (keyword, expected) => {
    expect(jobs(keyword)).toEqual(expected);
  });

  it.each(["tow", "towing", "tow truck", "евакуатор", "Евакуатор", "эвакуатор", "evakuator", "евакуатр", "буксир"])(
    "%s names towing and its catalogue job",
    (keyword) => {
      expect(topics(keyword)).toEqual(["tow"]);
      expect(jobs(keyword)).toEqual(["tow_truck"]);
    },
  );

  it("finds nothing for words that only hold a job word inside, are too short, or name no job", () => {
    for (const keyword of ["машини", "toyota", "service", "ши", "ma", "town", "acura", "заміна", "компресор", ""])
      expect(match(keyword), keyword).toEqual({ topics: [], jobs: [] });
  });
});

describe("labelPattern", () => {
  const matches = (keyword: string, label: string) => {
    // The database reads the pattern as an advanced regular expression, case-insensitive (~*):
    // \m is a word's start there, \M its end; JavaScript spells them with lookarounds.
    const js = labelPattern(keywordVariants(keyword))
      .replaceAll("\\m", "(?<![\\p{L}\\p{N}])")
      .replaceAll("\\M", "(?![\\p{L}\\p{N}])");
    return new RegExp(js, "iu").test(label);
  };

  it("finds an owner's line by the keyword or the words of its topic, at a word's start", () => {
    expect(matches("tow", "Евакуатор по місту")).toBe(true);
    expect(matches("евакуатор", "Эвакуатор 24/7")).toBe(true);
    expect(matches("towing", "Tow truck")).toBe(true);
    expect(matches("шини", "Сезонне зберігання шин")).toBe(true);
    expect(matches("AC", "AC service")).toBe(true);
    expect(matches("балансув", "Балансування коліс")).toBe(true);
    expect(matches("Евакуатор по місту", "Евакуатор по місту")).toBe(true);
    expect(matches("AC", "A/C check")).toBe(false);
    expect(matches("шини", "Мийка машини")).toBe(false);
    expect(matches("toyota", "Евакуатор")).toBe(false);
  });

  it("reads the keyword's regular-expression characters literally", () => {
    expect(matches("a.c", "abc")).toBe(false);
    expect(matches("a+", "aaa")).toBe(false);
    expect(matches("c++", "C++ diagnostics")).toBe(true);
  });
});
