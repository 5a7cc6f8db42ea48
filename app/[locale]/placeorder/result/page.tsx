import { setRequestLocale } from "next-intl/server";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import type { MonoOutcome } from "@/features/payments/answers";
import { PaymentResult } from "@/features/payments/components/payment-result";
import { monoPaymentOutcome } from "@/features/payments/server/monobank-invoice";
import { toLocale } from "@/i18n/locale";
import { NotFoundError } from "@/lib/http/errors";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ payment?: string | string[] }> };

export const generateMetadata = privatePageMetadata("PlaceOrder.resultTitle");

/**
 * /placeorder/result?payment=<id>: monobank's payment page sends the owner back here. The outcome is
 * read (and settled with monobank when its webhook has not come yet) before the page is sent; a
 * payment that is not the viewer's, or no payment at all, is "not found".
 */
export default async function PaymentResultPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  const { payment } = await searchParams;
  const paymentId = typeof payment === "string" ? payment : "";
  const viewer = await guardPage("signedIn", `/placeorder/result?payment=${encodeURIComponent(paymentId)}`, locale);
  let outcome: MonoOutcome | null = null;
  try {
    outcome = await monoPaymentOutcome(viewer, paymentId);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
  }
  return (
    <ClientMessages route="placeorder/result">
      <PaymentResult paymentId={paymentId} initial={outcome} />
    </ClientMessages>
  );
}
