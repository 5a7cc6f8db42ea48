"use client";

import { SaveToggle } from "@/components/cart/save-toggle";
import { useRouter } from "@/i18n/navigation";
import type { CartItem } from "@/lib/cart";

/** Saves the service (quantity 1) and opens the Saved list, as the spec says; pressed again, it unsaves. */
export function AddToSaved({ item, label }: { item: Omit<CartItem, "qty">; label: string }) {
  const router = useRouter();
  return (
    <SaveToggle
      item={item}
      label={label}
      onSaved={() => router.push("/cart")}
      className="rounded-lg border border-brand-600 px-4 py-2 text-brand-700 hover:bg-brand-50 aria-pressed:bg-brand-600 aria-pressed:text-white aria-pressed:hover:bg-brand-700"
    />
  );
}
