import { SLOT_WIDTHS, srcSet, type ImageSlot } from "@/features/uploads/image-sizes";

type Props = {
  url: string;
  alt: string;
  slot: ImageSlot;
  sizes: string;
  width: number;
  height: number;
  className: string;
  priority?: boolean;
};

/**
 * An uploaded image at the size the layout needs, as WebP, from the copies the upload pipeline
 * stored (a width it did not store answers with the original). A browser without WebP gets the
 * original (a JPEG of at most 1600 px): a JPEG srcset for it weighed ~0.3 KB per picture, twice
 * over (HTML and flight data), on every list page. `slot` lists only the widths its size can use.
 */
export function ResponsiveImage({ url, alt, slot, sizes, width, height, className, priority = false }: Props) {
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet(url, "webp", SLOT_WIDTHS[slot])} sizes={sizes} />
      <img
        src={url}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
