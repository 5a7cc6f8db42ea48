import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

import { FEATURE_FLOORS } from "@/eslint.config.mjs";

const FEATURES_DIR = path.resolve(import.meta.dirname, "../../features");
const folders = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const listed = FEATURE_FLOORS.flat();

// The lint rule (import/no-restricted-paths, eslint.config.mjs) checks only the features it lists:
// a feature left out of the floors would be free to import any other.
describe("the features' floors", () => {
  it("list every feature folder", () => {
    expect(folders.filter((folder) => !listed.includes(folder))).toEqual([]);
  });

  it("list each feature once, and no folder that is gone", () => {
    expect(listed.filter((feature, index) => listed.indexOf(feature) !== index)).toEqual([]);
    expect(listed.filter((feature) => !folders.includes(feature))).toEqual([]);
  });

  it("have no empty floor", () => {
    expect(FEATURE_FLOORS.every((floor) => floor.length > 0)).toBe(true);
  });
});
