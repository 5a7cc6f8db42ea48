"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";

import { SWIPE_THRESHOLD_PX } from "@/features/catalog/list-options";
import { ResponsiveImage } from "@/features/uploads/components/responsive-image";

const MAIN_SIZES = "(min-width: 1024px) 600px, (min-width: 768px) 40vw, 100vw";
const arrow =
  "absolute top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-xl font-semibold text-slate-800 shadow hover:bg-white";

/**
 * The service's photos: the chosen one large (4:3, so switching never moves the page), the others
 * as thumbnails below. Arrow keys, Home and End move through them from any of the gallery's
 * buttons, a swipe of SWIPE_THRESHOLD_PX on a touch screen does too. The first photo is the
 * page's likely LCP, so it loads eagerly; the rest only when shown.
 */
export function ServiceGallery({ images, name }: { images: string[]; name: string }) {
  const t = useTranslations("ServiceDetail");
  const [index, setIndex] = useState(0);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const total = images.length;
  const current = images[index] ?? images[0]!;

  function show(next: number, focusThumbnail: boolean) {
    const wrapped = (next + total) % total;
    setIndex(wrapped);
    if (focusThumbnail) thumbnails.current[wrapped]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // From a thumbnail the arrows go on from that one, elsewhere from the photo shown.
    const focused = thumbnails.current.indexOf(event.target as HTMLButtonElement);
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    const target =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? total - 1
          : step === undefined
            ? null
            : (focused >= 0 ? focused : index) + step;
    if (target === null || total < 2) return;
    event.preventDefault();
    show(target, focused >= 0);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(event.clientY - start.y)) return;
    show(index + (dx < 0 ? 1 : -1), false);
  }

  const alt = total > 1 ? t("photoAlt", { name, index: index + 1, total }) : name;
  return (
    <div role="group" aria-label={t("gallery", { name })} onKeyDown={onKeyDown}>
      <div
        className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-xl bg-slate-100"
        onPointerDown={(event) => {
          if (total > 1 && event.isPrimary && event.pointerType !== "mouse")
            swipe.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipe.current = null;
        }}
      >
        <ResponsiveImage
          key={current}
          url={current}
          alt={alt}
          slot="photo"
          sizes={MAIN_SIZES}
          width={600}
          height={450}
          priority={index === 0}
          className="size-full object-cover select-none"
        />
        {total > 1 ? (
          <>
            <button
              type="button"
              onClick={() => show(index - 1, false)}
              aria-label={t("previousPhoto")}
              className={`${arrow} left-2`}
            >
              <span aria-hidden>‹</span>
            </button>
            <button
              type="button"
              onClick={() => show(index + 1, false)}
              aria-label={t("nextPhoto")}
              className={`${arrow} right-2`}
            >
              <span aria-hidden>›</span>
            </button>
            <span
              aria-hidden
              className="absolute right-2 bottom-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white"
            >
              {t("photoCounter", { index: index + 1, total })}
            </span>
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <ul className="mt-2 grid grid-cols-6 gap-2">
          {images.map((url, position) => (
            <li key={url}>
              <button
                ref={(element) => {
                  thumbnails.current[position] = element;
                }}
                type="button"
                onClick={() => show(position, false)}
                aria-label={t("showPhoto", { index: position + 1, total })}
                aria-current={position === index ? "true" : undefined}
                className="block aspect-[4/3] w-full overflow-hidden rounded-md border-2 border-transparent bg-slate-100 opacity-70 hover:opacity-100 aria-[current=true]:border-brand-600 aria-[current=true]:opacity-100"
              >
                <ResponsiveImage
                  url={url}
                  alt=""
                  slot="thumbnail"
                  sizes="(min-width: 1024px) 96px, 16vw"
                  width={96}
                  height={72}
                  className="size-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
