"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";

import type { TopCardView } from "@/features/catalog/card-view";
import { CAROUSEL_INTERVAL_MS } from "@/features/catalog/list-options";

import { TopCard } from "./top-card";

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Top services as a compact strip that scrolls sideways (by touch, by the buttons, and by Tab from
 * card to card), so the results below stay in the first screen. It moves on by one card every
 * 5 s, from the end back to the start, except while hovered or focused, when paused, or when the
 * user prefers reduced motion.
 */
export function TopCarousel({ slides }: { slides: TopCardView[] }) {
  const t = useTranslations("Carousel");
  const strip = useRef<HTMLUListElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const total = slides.length;

  function go(step: 1 | -1) {
    const list = strip.current;
    const card = list?.firstElementChild;
    if (!list || !(card instanceof HTMLElement)) return;
    const width = card.offsetWidth + Number.parseFloat(getComputedStyle(list).columnGap || "0");
    const end = list.scrollWidth - list.clientWidth;
    const atStart = list.scrollLeft <= 1;
    const atEnd = list.scrollLeft >= end - 1;
    const left = step > 0 ? (atEnd ? 0 : list.scrollLeft + width) : atStart ? end : list.scrollLeft - width;
    list.scrollTo({ left, behavior: reducedMotion() ? "auto" : "smooth" });
  }

  useEffect(() => {
    if (total < 2 || hovered || focused || paused || reducedMotion()) return;
    const timer = window.setInterval(() => go(1), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [total, hovered, focused, paused]);

  if (total === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="top-title"
      className="mt-4 rounded-xl border border-slate-200 bg-white p-3"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="top-title" className="text-base font-semibold">
          {t("title")}
        </h2>
        <div className="flex items-center gap-1.5">
          <button
            type="button"
            onClick={() => setPaused((value) => !value)}
            className="rounded-md border border-slate-300 px-2 py-0.5 text-sm"
          >
            {paused ? t("play") : t("pause")}
          </button>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t("previous")}
            className="rounded-md border border-slate-300 px-2.5 py-0.5"
          >
            <span aria-hidden>‹</span>
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t("next")}
            className="rounded-md border border-slate-300 px-2.5 py-0.5"
          >
            <span aria-hidden>›</span>
          </button>
        </div>
      </div>
      {/* Focus brings the whole card into view: the browser alone scrolls only as far as the focused title link, leaving most of the last card cut off. */}
      <ul
        ref={strip}
        onFocus={(event) =>
          (event.target as HTMLElement).closest("li")?.scrollIntoView({ block: "nearest", inline: "nearest" })
        }
        className="mt-2 flex snap-x snap-mandatory gap-3 overflow-x-auto pb-1.5"
      >
        {slides.map((service) => (
          <li key={service._id} className="w-64 shrink-0 snap-start">
            <TopCard service={service} />
          </li>
        ))}
      </ul>
    </section>
  );
}
