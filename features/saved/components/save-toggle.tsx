"use client";

import { useTranslations } from "next-intl";

import { toast } from "@/components/ui/toast";
import type { CartItem } from "@/features/cart/cart";
import { currentCart, useCart } from "@/features/cart/components/use-cart";
import { SAVED_MAX } from "@/features/saved/rules";
import { sendStat } from "@/features/stats/components/track-events";

import { sendChange } from "./saved-account";

type Item = Omit<CartItem, "qty">;

/**
 * Whether `item` is in the Saved list, and saving or removing it as every Save button does: the
 * list changes at once, the visit counts a save, and a toast says what happened; a removal's toast
 * offers Undo, which puts the service back where it was. For a signed-in person the change goes to
 * the account too (saved-account.ts), and is taken back here if it cannot. Before hydration it
 * reads "not saved": the server cannot see the device's list (which works signed out too).
 */
export function useSaved(item: Item) {
  const t = useTranslations("Cart");
  const [cart, dispatch] = useCart();
  const failed = (message: string | null) => toast.error(message ?? t("syncFailed"), { travels: true });
  const save = (restoreAt?: number) => {
    // Read at the moment: an Undo runs long after the render that made it.
    const { cartItems } = currentCart();
    if (cartItems.length >= SAVED_MAX && !cartItems.some((entry) => entry._id === item._id)) {
      toast.error(t("full"));
      return;
    }
    dispatch(restoreAt === undefined ? { type: "add", item } : { type: "restore", item, index: restoreAt });
    sendChange({ kind: "add", item }, failed);
  };
  return {
    saved: cart.cartItems.some((entry) => entry._id === item._id),
    save() {
      save();
      sendStat(item._id, "save");
      toast.success(t("added"));
    },
    remove() {
      const index = cart.cartItems.findIndex((entry) => entry._id === item._id);
      dispatch({ type: "remove", id: item._id });
      sendChange({ kind: "remove", item, index }, failed);
      toast(t("removedNamed", { name: item.name }), {
        action: { label: t("undo"), onClick: () => save(index) },
      });
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
