import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";

import type { Viewer } from "@/features/accounts/server/session";
import { listAdminPayments } from "@/features/payments/server/admin-payments";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError } from "@/lib/http/errors";
import { ADMIN_PAGE_SIZE } from "@/lib/http/pagination";

import { makeService, makeUser } from "../../helpers/factories";
import { signIn, viewerOf } from "../../helpers/sign-in";

/**
 * The admin's list of payments (/admin/payments): every provider with its own amount and currency,
 * newest first, in pages, filtered by provider and status; nobody but an admin reads it.
 */
type Role = "anonymous" | "user" | "owner" | "mechanic" | "admin";
const viewers = {} as Record<Role, Viewer | null>;
let station = { id: "", name: "" };
let payer = { id: "", email: "" };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  const [user, owner, mechanic, admin] = await Promise.all([
    makeUser(),
    makeUser(),
    makeUser(),
    makeUser({ isAdmin: true }),
  ]);
  station = await makeService({ ownerId: owner.id, role: "sto" });
  await makeService({ ownerId: mechanic.id, role: "mechanic" });
  payer = owner;
  Object.assign(viewers, {
    anonymous: null,
    user: await viewerOf(await signIn(user.email)),
    owner: await viewerOf(await signIn(owner.email)),
    mechanic: await viewerOf(await signIn(mechanic.email)),
    admin: await viewerOf(await signIn(admin.email)),
  });
  const prisma = await getPrisma();
  type Own = "amount" | "currency" | "provider" | "status" | "providerOrderId" | "capturedAt";
  const row = (minutes: number, values: Pick<Prisma.PaymentCreateManyInput, Own>): Prisma.PaymentCreateManyInput => ({
    serviceId: station.id,
    userId: owner.id,
    serviceName: station.name,
    payerEmail: owner.email,
    requestId: randomUUID(),
    createdAt: minutesAgo(minutes),
    ...values,
  });
  // Older PayPal orders that fill more than a page, then the three the first tests read.
  await prisma.payment.createMany({
    data: Array.from({ length: ADMIN_PAGE_SIZE + 2 }, (_, index) =>
      row(60 + index, { provider: "paypal", amount: "3.00", currency: "USD", status: "failed" }),
    ),
  });
  await prisma.payment.createMany({
    data: [
      row(3, { provider: "paypal", amount: "3.00", currency: "USD", status: "captured", capturedAt: minutesAgo(3) }),
      row(2, { provider: "test", amount: "3.00", currency: "USD", status: "captured", capturedAt: minutesAgo(2) }),
      row(1, {
        provider: "monobank",
        amount: "125.00",
        currency: "UAH",
        status: "captured",
        providerOrderId: `2611${randomUUID().replaceAll("-", "").slice(0, 16)}`,
        capturedAt: minutesAgo(1),
      }),
    ],
  });
});

async function refusal(viewer: Viewer | null): Promise<number | null> {
  try {
    await listAdminPayments(viewer, {});
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

describe("the admin's payments list", () => {
  it("is refused to a visitor (401) and to a user, an owner and a master (403)", async () => {
    expect(await refusal(viewers.anonymous)).toBe(401);
    expect(await refusal(viewers.user)).toBe(403);
    expect(await refusal(viewers.owner)).toBe(403);
    expect(await refusal(viewers.mechanic)).toBe(403);
  });

  it("shows an admin every provider newest first, each with its own amount and currency", async () => {
    const list = await listAdminPayments(viewers.admin, {});
    expect(list).toMatchObject({ total: ADMIN_PAGE_SIZE + 5, page: 1, pages: 2 });
    expect(list.payments).toHaveLength(ADMIN_PAGE_SIZE);
    expect(list.payments.slice(0, 3)).toEqual([
      expect.objectContaining({ provider: "monobank", amount: "125.00", currency: "UAH", status: "captured" }),
      expect.objectContaining({ provider: "test", amount: "3.00", currency: "USD", status: "captured" }),
      expect.objectContaining({ provider: "paypal", amount: "3.00", currency: "USD", status: "captured" }),
    ]);
    expect(list.payments[0]).toMatchObject({
      serviceId: station.id,
      serviceName: station.name,
      payerId: payer.id,
      payerEmail: payer.email,
    });
    const times = list.payments.map((payment) => payment.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("pages: the second page holds the rest, a page past the last is refused", async () => {
    const first = await listAdminPayments(viewers.admin, {});
    const second = await listAdminPayments(viewers.admin, { page: "2" });
    expect(second).toMatchObject({ page: 2, pages: 2 });
    expect(second.payments).toHaveLength(5);
    const ids = new Set([...first.payments, ...second.payments].map((payment) => payment._id));
    expect(ids.size).toBe(ADMIN_PAGE_SIZE + 5);
    await expect(listAdminPayments(viewers.admin, { page: "3" })).rejects.toMatchObject({ status: 400 });
  });

  it("filters by provider and by status; an unknown filter is a translated 400", async () => {
    const mono = await listAdminPayments(viewers.admin, { provider: "monobank" });
    expect(mono.payments.map((payment) => [payment.provider, payment.currency])).toEqual([["monobank", "UAH"]]);
    const failed = await listAdminPayments(viewers.admin, { provider: "paypal", status: "failed", page: "" });
    expect(failed.total).toBe(ADMIN_PAGE_SIZE + 2);
    expect(new Set(failed.payments.map((payment) => payment.status))).toEqual(new Set(["failed"]));
    await expect(listAdminPayments(viewers.admin, { provider: "bitcoin" })).rejects.toMatchObject({
      status: 400,
      fields: { provider: "AdminPayments.invalidFilter" },
    });
  });
});
