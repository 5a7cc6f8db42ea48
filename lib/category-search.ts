import { CATEGORIES, type Category } from "@/lib/constants";
import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

/**
 * Categories a keyword names, by code or by its label in either language ("вантаж" finds
 * trucks). Answered here, not by `category::text ILIKE` in SQL, so the keyword search stays an
 * index lookup instead of a scan of every service.
 */
export function categoriesMatching(variants: readonly string[]): Category[] {
  const needles = variants.map((variant) => variant.toLocaleLowerCase()).filter(Boolean);
  return CATEGORIES.filter((category) => {
    const names = [category, en.Categories[category], uk.Categories[category]].map((name) => name.toLocaleLowerCase());
    return needles.some((needle) => names.some((name) => name.includes(needle)));
  });
}
