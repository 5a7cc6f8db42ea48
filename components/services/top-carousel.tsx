"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { CAROUSEL_INTERVAL_MS, SWIPE_THRESHOLD_PX } from "@/lib/constants";

/**
 * Top services, one slide at a time: advances every 5 s, pauses while hovered or focused (and
 * when the user prefers reduced motion), swipes at 40 px, and has real buttons for keyboards.
 */
export function TopCarousel({ slides }: { slides: { id: string; content: ReactNode }[] }) {
  const t = useTranslations("Carousel");
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const touchStart = useRef<number | null>(null);
  const total = slides.length;

  useEffect(() => {
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (total < 2 || hovered || focused || paused || reduced) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % total), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [total, hovered, focused, paused]);

  if (total === 0) return null;
  const go = (step: number) => setIndex((current) => (current + step + total) % total);

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="top-title"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={(event) => {
        touchStart.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event) => {
        const start = touchStart.current;
        const end = event.changedTouches[0]?.clientX;
        touchStart.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
        go(end < start ? 1 : -1);
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="top-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <div className="flex items-center gap-2">
          <span className="text-sm text-slate-500" aria-live={hovered || focused || paused ? "polite" : "off"}>
            {t("slide", { index: index + 1, total })}
          </span>
          <button type="button" onClick={() => setPaused((value) => !value)} className="rounded-md border border-slate-300 px-2 py-1 text-sm">
            {paused ? t("play") : t("pause")}
          </button>
          <button type="button" onClick={() => go(-1)} aria-label={t("previous")} className="rounded-md border border-slate-300 px-2.5 py-1">
            <span aria-hidden>‹</span>
          </button>
          <button type="button" onClick={() => go(1)} aria-label={t("next")} className="rounded-md border border-slate-300 px-2.5 py-1">
            <span aria-hidden>›</span>
          </button>
        </div>
      </div>
      <div className="mt-3">
        {slides.map((slide, slideIndex) => (
          <div key={slide.id} role="group" aria-roledescription="slide" aria-label={t("slide", { index: slideIndex + 1, total })} hidden={slideIndex !== index}>
            {slide.content}
          </div>
        ))}
      </div>
    </section>
  );
}
