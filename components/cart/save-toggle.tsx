"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/layout/toast";
import { sendStat } from "@/components/layout/track-events";
import type { CartItem } from "@/lib/cart";
import { useCart } from "./use-cart";

type Props = {
  item: Omit<CartItem, "qty">;
  /** Visible text next to the icon; without it the button is the icon alone (cards). */
  label?: string;
  /** After saving (not after removing): the service page goes on to /cart, as the spec says. */
  onSaved?: () => void;
  className?: string;
};

/**
 * Saved or not, as a toggle button named after the service (the list lives in this browser, so it
 * works signed out too). Before hydration it shows "not saved": the server cannot see the list.
 */
export function SaveToggle({ item, label, onSaved, className = "" }: Props) {
  const t = useTranslations("Cart");
  const [cart, dispatch] = useCart();
  const saved = cart.cartItems.some((entry) => entry._id === item._id);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={t("saveNamed", { name: item.name })}
      title={label ? undefined : t("saveNamed", { name: item.name })}
      onClick={() => {
        if (saved) {
          dispatch({ type: "remove", id: item._id });
          toast(t("removed"));
          return;
        }
        dispatch({ type: "add", item });
        sendStat(item._id, "save");
        toast.success(t("added"));
        onSaved?.();
      }}
      className={`inline-flex items-center justify-center gap-2 font-medium ${className}`}
    >
      <svg
        viewBox="0 0 24 24"
        className="size-5 shrink-0"
        aria-hidden
        fill={saved ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth={2}
        strokeLinejoin="round"
      >
        <path d="M6 3.5h12a.5.5 0 0 1 .5.5v16.5L12 16.5l-6.5 4V4a.5.5 0 0 1 .5-.5z" />
      </svg>
      {label}
    </button>
  );
}
