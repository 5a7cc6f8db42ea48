import { POST as invoiceRoute } from "@/app/api/etc/mono/invoice/route";
import { GET as outcomeRoute } from "@/app/api/etc/mono/payments/[id]/route";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "./factories";
import { apiRequest, call, params } from "./request";
import { signIn } from "./sign-in";

/** Helpers of the monobank payment tests: an unpaid station and its owner, the routes, the rows. */

export async function unpaidStation(locale: "en" | "uk" = "en") {
  const user = await makeUser();
  const prisma = await getPrisma();
  await prisma.user.update({ where: { id: user.id }, data: { locale } });
  const station = await makeService({ ownerId: user.id, isPaid: false });
  const cookie = await signIn(user.email);
  return { user, cookie, stoId: station.id };
}

export const startInvoice = (stoId: string, cookie?: string, headers: Record<string, string> = {}, query = "") =>
  call(invoiceRoute, apiRequest("POST", `/api/etc/mono/invoice${query}`, { body: { stoId }, cookie, headers }));

/** Starts an invoice that must be created, and answers its id at monobank and the payment row's id. */
export async function openInvoice(stoId: string, cookie: string) {
  const response = await startInvoice(stoId, cookie);
  if (response.status !== 201) throw new Error(`invoice answered ${response.status}: ${await response.text()}`);
  const { pageUrl } = (await response.json()) as { pageUrl: string };
  const invoiceId = pageUrl.split("/pay/")[1]!;
  const row = await paymentOf(invoiceId);
  return { pageUrl, invoiceId, paymentId: row.id };
}

export const outcome = (paymentId: string, cookie?: string) =>
  call(outcomeRoute, apiRequest("GET", `/api/etc/mono/payments/${paymentId}`, { cookie }), params({ id: paymentId }));

export const paymentOf = async (invoiceId: string) =>
  (await getPrisma()).payment.findUniqueOrThrow({ where: { providerOrderId: invoiceId } });

export const stationOf = async (id: string) => (await getPrisma()).service.findUniqueOrThrow({ where: { id } });

export const mailCount = async (to: string) => (await getPrisma()).mailOutbox.count({ where: { to } });

export const securityEvents = async (kind: string) => (await getPrisma()).securityEvent.count({ where: { kind } });
