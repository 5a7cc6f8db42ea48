import { NextIntlClientProvider } from "next-intl";
import { createElement, type ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";

import en from "@/messages/en.json";
import uk from "@/messages/uk.json";

import { MapPlaceholder, whenIdle } from "./lazy-maps";

type ProviderProps = ComponentProps<typeof NextIntlClientProvider>;

const render = (locale: "en" | "uk", height?: number) =>
  renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: locale === "en" ? en : uk, timeZone: "Europe/Kyiv" } as ProviderProps,
      createElement(MapPlaceholder, height ? { height } : {}),
    ),
  );

describe("MapPlaceholder: a drawn skeleton of the map while its code and services load", () => {
  it("keeps the map's own height, says it is busy, and names what it waits for in the page's language", () => {
    const html = render("en");
    expect(html).toMatch(/<div[^>]*data-map-skeleton=""[^>]*aria-busy="true"/);
    expect(html).toContain("height:400px");
    expect(html).toMatch(/role="status"[^>]*>Loading the map…</);
    expect(render("uk", 280)).toContain("height:280px");
    expect(render("uk")).toMatch(/role="status"[^>]*>Завантажуємо мапу…</);
  });

  it("draws the map's shape, not a blank box: streets and pins, hidden from screen readers", () => {
    const html = render("en");
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect((html.match(/data-skeleton-pin/g) ?? []).length).toBeGreaterThanOrEqual(3);
  });
});

describe("whenIdle", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("runs the work when the browser is idle, and not if cancelled first", () => {
    const queued: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (callback: () => void) => queued.push(callback));
    vi.stubGlobal("cancelIdleCallback", (handle: number) => queued.splice(handle - 1, 1, () => undefined));
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    queued.forEach((callback) => callback());
    expect(work).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    const cancel = whenIdle(cancelled);
    cancel();
    queued.forEach((callback) => callback());
    expect(cancelled).not.toHaveBeenCalled();
  });

  it("falls back to a short timer where the browser has no idle callback", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000);
    expect(work).toHaveBeenCalledOnce();
  });
});
