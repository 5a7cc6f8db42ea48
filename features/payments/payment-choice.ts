import type { Locale } from "next-intl";

import type { PaymentChoice } from "@/features/cart/cart";

/**
 * The order and the default of the two ways to pay on /placeorder, when both are offered. A
 * Ukrainian owner pays in hryvnias by card most naturally, so Ukrainian pages list monobank first
 * and choose it; English pages keep PayPal first and chosen (spec §3). The person's last choice
 * (the cart state's paymentMethod, null until they pick one) wins over either default, while the
 * order stays the page's language's, so the list never reshuffles under their cursor.
 */
export function paymentChoices(
  locale: Locale,
  remembered: PaymentChoice | null,
): { order: [PaymentChoice, PaymentChoice]; chosen: PaymentChoice } {
  const order: [PaymentChoice, PaymentChoice] = locale === "uk" ? ["monobank", "PayPal"] : ["PayPal", "monobank"];
  return { order, chosen: remembered ?? order[0] };
}
