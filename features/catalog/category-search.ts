import { CATEGORIES, storedCategory, type StoredCategory } from "@/domain/service/fields";
import { MESSAGES } from "@/i18n/messages";

/**
 * Stored categories a keyword names, by code or by its label in either language ("вантаж" finds
 * trucks, and so does "причеп": trailers are stored as trucks). Answered here, not by
 * `category::text ILIKE` in SQL, so the keyword search stays an index lookup instead of a scan of
 * every service.
 */
export function categoriesMatching(variants: readonly string[]): StoredCategory[] {
  const needles = variants.map((variant) => variant.toLocaleLowerCase()).filter(Boolean);
  const named = CATEGORIES.filter((category) => {
    const names = [category, ...Object.values(MESSAGES).map((messages) => messages.Categories[category])].map((name) =>
      name.toLocaleLowerCase(),
    );
    return needles.some((needle) => names.some((name) => name.includes(needle)));
  });
  return [...new Set(named.map(storedCategory))];
}
