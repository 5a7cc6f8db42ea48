import { getTranslations } from "next-intl/server";

import { PaymentResultCard } from "@/features/payments/components/payment-result-card";

/** While the server asks monobank how the payment went. */
export default async function PaymentResultLoading() {
  const t = await getTranslations("PlaceOrder");
  return (
    <PaymentResultCard tone="waiting" title={t("resultChecking")} live>
      <p>{t("resultCheckingNote")}</p>
    </PaymentResultCard>
  );
}
