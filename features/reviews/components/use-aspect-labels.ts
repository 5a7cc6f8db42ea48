"use client";

import { useTranslations } from "next-intl";

import type { RatingTriple } from "@/features/reviews/rating";

/**
 * The three ratings' names, each asked for by its literal key: a key passed as a variable would
 * make the page hand the browser the whole Review namespace (scripts/messages/client-keys.ts).
 */
export function useAspectLabels(): Record<keyof RatingTriple, string> {
  const t = useTranslations("Review");
  return { quality: t("quality"), speed: t("speed"), price: t("price") };
}
