"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/layout/toast";
import { dispatchCart } from "@/components/cart/use-cart";
import { useRouter } from "@/i18n/navigation";
import type { CartItem } from "@/lib/cart";

/** Adds the service to Saved (quantity 1) and opens the Saved list, as the spec says. */
export function AddToSaved({ item }: { item: Omit<CartItem, "qty"> }) {
  const t = useTranslations("ServiceDetail");
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={() => {
        dispatchCart({ type: "add", item });
        toast.success(t("saved"));
        router.push("/cart");
      }}
      className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
    >
      {t("save")}
    </button>
  );
}
