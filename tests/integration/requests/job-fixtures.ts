import { randomBytes } from "node:crypto";

import { REQUEST_OPEN_HOURS } from "@/features/requests/rules";
import { getPrisma } from "@/lib/db/client";
import type { QuoteRequestStatus, QuoteTargetStatus } from "@/lib/generated/prisma/client";

/**
 * Requests written straight into the database at a chosen time, for the tests of what happens to
 * them later (the job's reminders and closing, response figures, the review after acceptance):
 * those need requests hours or days old, which the API cannot make.
 */
const HOUR_MS = 3_600_000;

export type TargetSpec = {
  serviceId: string;
  status?: QuoteTargetStatus;
  /** Minutes after sending the service answered (or declined); none: not answered. */
  answeredAfterMin?: number;
  remindedAt?: Date;
};

export async function makeQuoteRequest(input: {
  driverId: string;
  targets: (string | TargetSpec)[];
  sentAt?: Date;
  status?: QuoteRequestStatus;
  locale?: "en" | "uk";
  job?: string;
  description?: string;
}) {
  const prisma = await getPrisma();
  const sentAt = input.sentAt ?? new Date();
  const status = input.status ?? "open";
  const closed = status === "cancelled" || status === "expired";
  return prisma.quoteRequest.create({
    data: {
      driverId: input.driverId,
      job: input.job ?? "brake_pads",
      description: input.description ?? "",
      carMake: "Skoda",
      carModel: "Octavia",
      carYear: 2015,
      carFuel: "petrol",
      asap: true,
      latitude: 49.23,
      longitude: 28.47,
      locale: input.locale ?? "en",
      status,
      closedBy: status === "expired" ? "time" : closed ? "driver" : null,
      // Closed when its time was up (or now, if sooner): the services had their chance to answer.
      closedAt: closed ? new Date(Math.min(sentAt.getTime() + REQUEST_OPEN_HOURS * HOUR_MS, Date.now())) : null,
      createdAt: sentAt,
      expiresAt: new Date(sentAt.getTime() + REQUEST_OPEN_HOURS * HOUR_MS),
      targets: {
        create: input.targets.map((spec, position) => {
          const target = typeof spec === "string" ? { serviceId: spec } : spec;
          const answered = target.answeredAfterMin !== undefined;
          return {
            serviceId: target.serviceId,
            position,
            distanceM: 1000 * position,
            status: target.status ?? (answered ? "answered" : "sent"),
            answeredAt: answered ? new Date(sentAt.getTime() + target.answeredAfterMin! * 60_000) : null,
            remindedAt: target.remindedAt ?? null,
            createdAt: sentAt,
          };
        }),
      },
    },
    include: { targets: { orderBy: { position: "asc" } } },
  });
}

/** A service's answer to a request, as the shop's own call would write it. */
export async function makeAnswer(requestId: string, serviceId: string, decline = false) {
  const prisma = await getPrisma();
  return prisma.quoteAnswer.create({
    data: decline ? { requestId, serviceId, decline } : { requestId, serviceId, price: 1500, message: "Come by" },
  });
}

/** A request the driver accepted, with the visit code acceptance binds to them for the chosen service. */
export async function makeAcceptedRequest(driverId: string, serviceId: string, options: { expiresAt?: Date } = {}) {
  const prisma = await getPrisma();
  const request = await makeQuoteRequest({
    driverId,
    targets: [{ serviceId, status: "chosen", answeredAfterMin: 30 }],
    sentAt: new Date(Date.now() - 2 * HOUR_MS),
  });
  const answer = await makeAnswer(request.id, serviceId);
  const acceptedAt = new Date();
  await prisma.quoteRequest.update({
    where: { id: request.id },
    data: { status: "accepted", acceptedAnswerId: answer.id, acceptedAt },
  });
  const code = await prisma.visitCode.create({
    data: {
      serviceId,
      userId: driverId,
      quoteRequestId: request.id,
      codeHash: randomBytes(32).toString("hex"),
      expiresAt: options.expiresAt ?? new Date(acceptedAt.getTime() + 60 * 24 * HOUR_MS),
    },
  });
  return { request, answer, code };
}
