"use client";

import { useTranslations } from "next-intl";
import { useRef } from "react";

import type { CartItem } from "@/features/cart/cart";
import { BookmarkIcon, useSaved } from "@/features/saved/components/save-toggle";
import { useRouter } from "@/i18n/navigation";

const BUTTON = "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 font-medium";

/**
 * The service page's Save: the first press saves the service (quantity 1) and opens the Saved list,
 * as the spec says. Once saved, the button says so (pressed, "Saved") and pressing it changes
 * nothing, so a second press never drops a service someone is comparing; taking it off the list is
 * the separate "Remove from Saved", which stays on the page and hands the focus back to Save.
 */
export function AddToSaved({ item, label }: { item: Omit<CartItem, "qty">; label: string }) {
  const t = useTranslations("Cart");
  const router = useRouter();
  const { saved, save, remove } = useSaved(item);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-pressed={saved}
        // Pressed for good: only "Remove from Saved" takes it back.
        aria-disabled={saved || undefined}
        aria-label={saved ? undefined : t("saveNamed", { name: item.name })}
        onClick={() => {
          if (saved) return;
          save();
          router.push("/cart");
        }}
        className={
          saved
            ? `${BUTTON} cursor-default bg-brand-600 text-white`
            : `${BUTTON} border border-brand-600 text-brand-700 hover:bg-brand-50`
        }
      >
        <BookmarkIcon filled={saved} />
        {saved ? t("savedState") : label}
      </button>
      {saved ? (
        <button
          type="button"
          onClick={() => {
            remove();
            button.current?.focus();
          }}
          className={`${BUTTON} border border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
        >
          {t("removeFromSaved")}
        </button>
      ) : null}
    </>
  );
}
