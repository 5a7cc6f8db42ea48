/**
 * The widths uploaded images are stored at (features/uploads/server/image-pipeline.ts) and the srcset lists
 * the pages ask for: 160 for map popups and avatars, 480 for cards, 1200 for the detail page.
 */
export const IMAGE_WIDTHS = [160, 480, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export type VariantFormat = "webp" | "jpeg";

/**
 * The stored widths worth listing for a slot, by the CSS width it takes (screens up to 3× dense):
 * an icon (at most 56 px), a thumbnail (at most 128 px), a photo (300 px or more, where 160 is
 * never chosen), a result card's picture (a thumbnail on a phone, a photo from md on). A width a
 * slot cannot use still costs its URL in the page's HTML, on every card.
 */
export const SLOT_WIDTHS = {
  icon: [160],
  thumbnail: [160, 480],
  photo: [480, 1200],
  card: [160, 480, 1200],
} as const satisfies Record<string, readonly ImageWidth[]>;
export type ImageSlot = keyof typeof SLOT_WIDTHS;

export function variantUrl(url: string, width: ImageWidth, format: VariantFormat): string {
  return `${url}?w=${width}&f=${format}`;
}

export function srcSet(url: string, format: VariantFormat, widths: readonly ImageWidth[] = IMAGE_WIDTHS): string {
  return widths.map((width) => `${variantUrl(url, width, format)} ${width}w`).join(", ");
}

export function parseVariant(
  width: string | null,
  format: string | null,
): { width: ImageWidth; format: VariantFormat } | null {
  // Digits only: "4.8e2" would be 480 too, and each spelling would be another cached URL.
  const w = /^\d{1,4}$/.test(width ?? "") ? Number(width) : NaN;
  if (!IMAGE_WIDTHS.includes(w as ImageWidth) || (format !== "webp" && format !== "jpeg")) return null;
  return { width: w as ImageWidth, format };
}
