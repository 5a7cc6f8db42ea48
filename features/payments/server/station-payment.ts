import "server-only";

import { lockServices, managesService } from "@/domain/service/server/ownership";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import { composeAccountMail, localePath } from "@/features/accounts/server/account-mail";
import type { Viewer } from "@/features/accounts/server/session";
import { claimedBy, holdsVerifiedClaim, takeOverOnPayment } from "@/features/claims/server/claim-payment";
import type { EditableService } from "@/features/listings/answers";
import { editableRow, toEditable } from "@/features/listings/server/listings";
import { notify } from "@/features/notifications/server/notify";
import { DATE_LOCALES } from "@/i18n/locale";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { log } from "@/lib/log";

export async function payableStation(viewer: Viewer, stoId: string) {
  if (!isUuid(stoId)) throw new NotFoundError();
  const prisma = await getPrisma();
  const station = await prisma.service.findUnique({
    where: { id: stoId },
    select: { id: true, ownerId: true, role: true, isPaid: true, name: true, isBlocked: true },
  });
  if (!station || station.role !== "sto") throw new NotFoundError();
  if (station.ownerId === null) {
    // A blocked place stays out of reach, as for a new claim (features/claims/server/claim-listing.ts).
    if (station.isBlocked) throw new NotFoundError();
    // An imported place nobody holds: only its verified claimant may pay, and the payment makes it
    // theirs. Not an admin either, whose payment would leave a paid place with no owner.
    if (!(await holdsVerifiedClaim(viewer.id, station.id))) throw new AppError(403, "Claims.payNeedsClaim");
  } else if (!managesService(viewer, station)) throw new AppError(403, "Auth.forbidden");
  return station;
}

/** The claim a payment was for was rejected or cancelled before the money arrived. */
export class ClaimGone extends Error {}

// Publishing a paid station and unlisting a returned payment's station first lock the station row
// (the kernel's lockServices): under READ COMMITTED two of them at once (two reversals of a station
// paid twice, or a success landing during a reversal) would each see the other's payment as it was
// before and leave the station listed without money, or unlisted with it. The second now waits and
// sees the first's work.

/**
 * Publishes a paid station in the payment's transaction. An unclaimed place becomes the payer's in
 * the same write (takeOverOnPayment); if their claim is gone by now, ClaimGone rolls it all back.
 */
export async function publishPaid(
  tx: Prisma.TransactionClient,
  serviceId: string,
  payerId: string | null,
  now: Date,
): Promise<boolean> {
  await lockServices(tx, [serviceId]);
  const station = await tx.service.findUnique({ where: { id: serviceId }, select: { ownerId: true } });
  if (station && station.ownerId === null) {
    if (!payerId || !(await takeOverOnPayment(tx, serviceId, payerId, now))) throw new ClaimGone();
    return true;
  }
  // A claimant's order captured late, after the place went to someone else (an admin's decision on a
  // dispute): it publishes nothing, and no refund of it may later unpublish the new owner's listing.
  if (station && payerId && station.ownerId !== payerId && (await claimedBy(tx, serviceId, payerId)))
    throw new ClaimGone();
  const marked = await tx.service.updateMany({
    where: { id: serviceId, isPaid: false },
    data: { isPaid: true, paidAt: now },
  });
  return marked.count === 1;
}

export async function paidStation(stoId: string): Promise<EditableService> {
  const prisma = await getPrisma();
  return toEditable(await prisma.service.findUniqueOrThrow({ where: { id: stoId }, include: editableRow }));
}

export type PaymentRow = {
  id: string;
  serviceId: string | null;
  userId: string | null;
  serviceName: string;
  providerOrderId: string | null;
};
/** The processors' names as the mails write them. */
export const PROVIDER_NAMES = { paypal: "PayPal", monobank: "monobank", test: "test" } as const;

/**
 * The payer's receipt or word of a refund, in their language, written in the payment's transaction:
 * the amount and currency, the processor and its reference for the payment (PayPal's capture id,
 * monobank's invoice id). `listing` says whether a refunded station stays listed (another payment
 * covers it).
 */
export async function mailPayer(
  tx: Prisma.TransactionClient,
  payment: PaymentRow,
  kind: "receipt" | "refunded",
  values: {
    amount: string;
    currency: string;
    provider: string;
    reference: string;
    date: Date;
    listing?: "unlisted" | "covered";
  },
) {
  if (!payment.userId) return;
  const user = await tx.user.findUnique({
    where: { id: payment.userId },
    select: { name: true, email: true, locale: true },
  });
  if (!user) return;
  const date = new Intl.DateTimeFormat(DATE_LOCALES[user.locale], {
    dateStyle: "long",
    timeZone: DEFAULT_TIME_ZONE,
  }).format(values.date);
  const link =
    kind === "receipt" && payment.serviceId
      ? localePath(user.locale, `/service/${payment.serviceId}`)
      : localePath(user.locale, "/mystos");
  const mail = composeAccountMail(
    kind,
    user.email,
    user.locale,
    {
      name: user.name,
      station: payment.serviceName,
      amount: values.amount,
      currency: values.currency,
      provider: values.provider,
      reference: values.reference,
      listing: values.listing ?? "unlisted",
      date,
    },
    link,
  );
  await notify(tx, payment.userId, { mail, link });
}

/**
 * Word to the site's admins about a payment only a person can settle (a reversal, a station paid
 * twice that needs a refund by hand): every active admin account, each in its own language, in the
 * payment's transaction. There was no admin mail before; the admins are the accounts with the flag.
 */
export async function mailAdmins(
  tx: Prisma.TransactionClient,
  kind: "paymentReversedAdmin" | "paymentDuplicateAdmin" | "paymentReviewAdmin" | "paymentStuckAdmin",
  payment: PaymentRow & { payerEmail: string },
  values: {
    amount: string;
    currency: string;
    provider: string;
    reference: string;
    listing?: "unlisted" | "covered";
    /** paymentReviewAdmin: why the money taken could not be applied. */
    reason?: "mismatch" | "claimGone";
  },
): Promise<number> {
  const admins = await tx.user.findMany({
    where: { isAdmin: true, isBlocked: false },
    select: { id: true, name: true, email: true, locale: true },
    orderBy: { createdAt: "asc" },
    take: 20,
  });
  for (const admin of admins) {
    const mail = composeAccountMail(
      kind,
      admin.email,
      admin.locale,
      {
        name: admin.name,
        station: payment.serviceName,
        payer: payment.payerEmail,
        listing: values.listing ?? "unlisted",
        reason: values.reason ?? "mismatch",
        amount: values.amount,
        currency: values.currency,
        provider: values.provider,
        reference: values.reference,
      },
      localePath(admin.locale, "/admin/payments"),
    );
    await notify(tx, admin.id, { mail, link: localePath(admin.locale, "/admin/payments") });
  }
  if (admins.length === 0) log.warn({ area: "payments", kind, paymentId: payment.id }, "no admin account to tell");
  return admins.length;
}

/**
 * A returned payment takes its station out of the directory, unless another captured payment (the
 * station was paid twice, by either provider) still covers it. Called in the refund's transaction.
 */
export async function unlistUnlessCovered(
  tx: Prisma.TransactionClient,
  payment: { id: string; serviceId: string | null },
): Promise<"unlisted" | "covered"> {
  if (!payment.serviceId) return "unlisted";
  await lockServices(tx, [payment.serviceId]);
  const others = await tx.payment.count({
    where: { serviceId: payment.serviceId, status: "captured", id: { not: payment.id } },
  });
  if (others > 0) return "covered";
  await tx.service.updateMany({ where: { id: payment.serviceId }, data: { isPaid: false, paidAt: null } });
  return "unlisted";
}
