"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";

import { toast } from "@/components/ui/toast";
import { useRouter } from "@/i18n/navigation";

/** Spec §2: with no prepared station, say so and go back to /addservice. */
export function MissingOrder() {
  const t = useTranslations("PlaceOrder");
  const router = useRouter();
  useEffect(() => {
    toast.error(t("missing"), { travels: true });
    router.replace("/addservice");
  }, [router, t]);
  return (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800">
      {t("missing")}
    </p>
  );
}
