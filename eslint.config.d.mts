import type { Linter } from "eslint";

/** The features' floors, bottom first (eslint.config.mjs). */
export declare const FEATURE_FLOORS: string[][];
declare const config: Linter.Config[];
export default config;
