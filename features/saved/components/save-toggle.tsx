"use client";

import { useTranslations } from "next-intl";

import { toast } from "@/components/ui/toast";
import type { CartItem } from "@/features/saved/cart";
import { sendStat } from "@/features/stats/components/track-events";

import { useCart } from "./use-cart";

type Item = Omit<CartItem, "qty">;

/**
 * Whether `item` is in the Saved list, and saving or removing it as every Save button does: the
 * list changes, the visit counts a save, and a toast says what happened. Before hydration it reads
 * "not saved": the server cannot see the list (it lives in this browser, so it works signed out too).
 */
export function useSaved(item: Item) {
  const t = useTranslations("Cart");
  const [cart, dispatch] = useCart();
  return {
    saved: cart.cartItems.some((entry) => entry._id === item._id),
    save() {
      dispatch({ type: "add", item });
      sendStat(item._id, "save");
      toast.success(t("added"));
    },
    remove() {
      dispatch({ type: "remove", id: item._id });
      toast(t("removed"));
    },
  };
}

/** A card's bookmark: saved or not, as a toggle button named after the service; the list stays in view. */
export function SaveToggle({ item, className = "" }: { item: Item; className?: string }) {
  const t = useTranslations("Cart");
  const { saved, save, remove } = useSaved(item);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t("saveNamed", { name: item.name })}
      title={t("saveNamed", { name: item.name })}
      onClick={saved ? remove : save}
      className={`inline-flex items-center justify-center gap-2 font-medium ${className}`}
    >
      <BookmarkIcon filled={saved} />
    </button>
  );
}

export function BookmarkIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5 shrink-0"
      aria-hidden
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinejoin="round"
    >
      <path d="M6 3.5h12a.5.5 0 0 1 .5.5v16.5L12 16.5l-6.5 4V4a.5.5 0 0 1 .5-.5z" />
    </svg>
  );
}
