import { getFormatter, getTranslations, setRequestLocale } from "next-intl/server";
import { headers } from "next/headers";

import { ClientMessages } from "@/app/_shell/client-messages";
import { guardPage } from "@/features/accounts/server/guards";
import { MissingOrder } from "@/features/payments/components/missing-order";
import { OrderPreview } from "@/features/payments/components/order-preview";
import { PaymentPanel } from "@/features/payments/components/payment-panel";
import { HRYVNIA_FORMAT, PAYMENT } from "@/features/payments/fee";
import { monoOffer } from "@/features/payments/server/monobank-invoice";
import { orderPreview } from "@/features/payments/server/order-preview";
import { toLocale } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";
import { privatePageMetadata } from "@/lib/page-metadata";

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ sto?: string | string[] }> };

export const generateMetadata = privatePageMetadata("PlaceOrder.title");

export default async function PlaceOrderPage({ params, searchParams }: Props) {
  const locale = toLocale((await params).locale);
  setRequestLocale(locale);
  // ?sto=<id>: an imported place whose claim the viewer proved; without it, their own prepared station.
  const { sto } = await searchParams;
  const claimedId = typeof sto === "string" ? sto : null;
  const viewer = await guardPage(
    "signedIn",
    claimedId ? `/placeorder?sto=${encodeURIComponent(claimedId)}` : "/placeorder",
    locale,
  );
  const [t, format, order] = await Promise.all([
    getTranslations("PlaceOrder"),
    getFormatter(),
    orderPreview(viewer, claimedId),
  ]);
  const money = (amount: string) => format.number(Number(amount), { style: "currency", currency: PAYMENT.currency });
  if (!order)
    return (
      <ClientMessages route="placeorder">
        <MissingOrder />
      </ClientMessages>
    );
  // The card through monobank, when configured: its fee in hryvnias under the USD total.
  const mono = monoOffer();
  const lines = [
    [t("item"), PAYMENT.item],
    [t("tax"), PAYMENT.tax],
  ] as const;

  return (
    <ClientMessages route="placeorder">
      <section aria-labelledby="order-title" className="mx-auto max-w-4xl space-y-6">
        <h1 id="order-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <div className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <OrderPreview station={order.station} rating={order.rating} />
          <div className="space-y-4">
            <section aria-labelledby="summary-title" className="rounded-xl border border-slate-200 bg-white p-4">
              <h2 id="summary-title" className="text-lg font-semibold">
                {t("summary")}
              </h2>
              <dl className="mt-3 space-y-2 text-sm">
                {lines.map(([label, value]) => (
                  <div key={label} className="flex justify-between">
                    <dt>{label}</dt>
                    <dd>{money(value)}</dd>
                  </div>
                ))}
                <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-semibold">
                  <dt>{t("total")}</dt>
                  <dd>{money(PAYMENT.total)}</dd>
                </div>
                {mono ? (
                  <div className="flex justify-between text-slate-600">
                    <dt>{t("cardTotal")}</dt>
                    <dd>{format.number(Number(mono.feeUah), HRYVNIA_FORMAT)}</dd>
                  </div>
                ) : null}
              </dl>
            </section>
            <PaymentPanel stoId={order.station._id} nonce={(await headers()).get("x-nonce") ?? ""} mono={mono} />
            {claimedId ? null : (
              <Link href="/addservice" className="inline-block text-sm font-medium text-brand-700 underline">
                {t("backToEdit")}
              </Link>
            )}
          </div>
        </div>
      </section>
    </ClientMessages>
  );
}
