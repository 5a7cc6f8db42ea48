import { srcSet } from "@/lib/image-sizes";

type Props = { url: string; alt: string; sizes: string; width: number; height: number; className: string; priority?: boolean };

/**
 * An uploaded image at the size the layout needs: WebP where the browser takes it, JPEG otherwise,
 * from the copies the upload pipeline stored (a width it did not store answers with the original).
 */
export function ResponsiveImage({ url, alt, sizes, width, height, className, priority = false }: Props) {
  return (
    <picture>
      <source type="image/webp" srcSet={srcSet(url, "webp")} sizes={sizes} />
      <img
        src={url}
        srcSet={srcSet(url, "jpeg")}
        sizes={sizes}
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
