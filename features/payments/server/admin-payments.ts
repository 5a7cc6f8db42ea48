import "server-only";

import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { getPrisma } from "@/lib/db/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { PaymentProvider, PaymentStatus } from "@/lib/generated/prisma/enums";
import { pageOf } from "@/lib/http/page-of";
import { ADMIN_PAGE_SIZE, adminPage } from "@/lib/http/pagination";
import { parseOrThrow } from "@/lib/http/validate";
import { z } from "@/lib/zod";

export const PAYMENT_PROVIDERS = Object.values(PaymentProvider);
export const PAYMENT_STATUSES = Object.values(PaymentStatus);

/** ?provider=&status=&page= of /admin/payments: an empty filter is none. */
const filter = <T extends string>(values: readonly [T, ...T[]]) =>
  z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(values, { error: "AdminPayments.invalidFilter" }).optional(),
  );
export const adminPaymentsQuery = z.object({
  provider: filter(PAYMENT_PROVIDERS as [PaymentProvider, ...PaymentProvider[]]),
  status: filter(PAYMENT_STATUSES as [PaymentStatus, ...PaymentStatus[]]),
  page: adminPage,
});
export type AdminPaymentsFilter = { provider?: PaymentProvider; status?: PaymentStatus };

export type AdminPaymentRow = {
  _id: string;
  createdAt: string;
  /** Null once the station was deleted; its name stays on the payment. */
  serviceId: string | null;
  serviceName: string;
  /** Null once the account was deleted; the e-mail it paid with stays. */
  payerId: string | null;
  payerEmail: string;
  provider: PaymentProvider;
  /** As stored, two decimals: "3.00" (USD), "125.00" (UAH). */
  amount: string;
  currency: string;
  status: PaymentStatus;
};

export type AdminPaymentsPage = {
  payments: AdminPaymentRow[];
  total: number;
  page: number;
  pages: number;
};

/**
 * Every payment, newest first, for admins (/admin/payments): PayPal's in USD and monobank's in
 * hryvnias side by side, each with its own currency, so the amounts are never summed or compared
 * as if they were one.
 */
export async function listAdminPayments(viewer: Viewer | null, query: unknown): Promise<AdminPaymentsPage> {
  requireAccess(viewer, "admin");
  const { provider, status, page } = parseOrThrow(adminPaymentsQuery, query);
  const where: Prisma.PaymentWhereInput = {};
  if (provider) where.provider = provider;
  if (status) where.status = status;
  const prisma = await getPrisma();
  const total = await prisma.payment.count({ where });
  const { pages, offset } = pageOf(total, page);
  const rows = await prisma.payment.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: offset,
    take: ADMIN_PAGE_SIZE,
  });
  return {
    payments: rows.map((row) => ({
      _id: row.id,
      createdAt: row.createdAt.toISOString(),
      serviceId: row.serviceId,
      serviceName: row.serviceName,
      payerId: row.userId,
      payerEmail: row.payerEmail,
      provider: row.provider,
      amount: row.amount.toFixed(2),
      currency: row.currency,
      status: row.status,
    })),
    total,
    page,
    pages,
  };
}
