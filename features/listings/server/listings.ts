import "server-only";

import { currentBrand } from "@/domain/service/fields";
import { imageUrl } from "@/domain/service/images";
import { ownService, type ServiceSummary } from "@/domain/service/server/ownership";
import type { Timetable } from "@/domain/service/timetable-answer";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import type { accountStateAnswer } from "@/features/accounts/answers";
import { accountState } from "@/features/accounts/server/accounts";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { liveStatusOf } from "@/features/hours/live-status";
import { rowsToTimetable, timetableToRows, type HoursRow } from "@/features/hours/timetable";
import type { EditableService } from "@/features/listings/answers";
import {
  COLUMN_FIELDS,
  outageCashIssue,
  serviceInput,
  servicePatch,
  type ServiceInput,
} from "@/features/listings/schema";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { Prisma } from "@/lib/generated/prisma/client";
import { AppError, BadRequestError, isUniqueViolation } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import type { z } from "@/lib/zod";

import { checkImages, orderedImages, requestedImages, writeImages } from "./service-images";

/**
 * How services get into the directory and how their owners change them: station orders (unpaid
 * until the payment is captured), master profiles (published at once), and the owner's edits and
 * deletions. Every function checks who is asking before it touches anything.
 */
/** What toEditable() reads. */
export const editableRow = { openingHours: true, images: orderedImages } as const;
type ServiceRow = Prisma.ServiceGetPayload<{ include: typeof editableRow }>;

export function toEditable(row: ServiceRow): EditableService {
  return {
    _id: row.id,
    user: row.ownerId,
    role: row.role,
    name: row.name,
    image: imageUrl(row.imageId),
    images: row.images.map((photo) => imageUrl(photo.imageId)),
    description: row.description,
    category: row.category,
    brand: currentBrand(row.brand) as ServiceInput["brand"],
    experience: row.experience,
    isOnTheGo: row.isOnTheGo,
    serviceRadiusKm: row.serviceRadiusKm,
    contactPhone1: row.contactPhone1,
    contactPhone2: row.contactPhone2,
    contactMail: row.contactMail,
    website: row.website,
    facebook: row.facebook,
    instagram: row.instagram,
    viber: row.viber,
    telegram: row.telegram,
    paymentMethods: row.paymentMethods,
    cashOnlyInOutage: row.cashOnlyInOutage,
    coordinates: { lat: row.latitude, lng: row.longitude },
    address: row.address,
    timetable: rowsToTimetable(row.openingHours as HoursRow[]),
    ispaid: row.isPaid,
    isBlocked: row.isBlocked,
    timeZone: row.timeZone,
    liveStatus: liveStatusOf(row, new Date()),
    source: row.source,
    claimed: row.claimed,
    hoursKnown: row.hoursKnown,
    hoursText: row.hoursText,
    workKinds: row.workKinds,
  };
}

/** Form fields → columns; only the keys present are written, so a patch touches only what changed. */
function columns(input: Partial<ServiceInput>) {
  const data: Prisma.ServiceUncheckedUpdateInput = {};
  for (const key of COLUMN_FIELDS) if (input[key] !== undefined) (data as Record<string, unknown>)[key] = input[key];
  if (input.coordinates) Object.assign(data, { latitude: input.coordinates.lat, longitude: input.coordinates.lng });
  return data;
}

async function replaceHours(tx: Prisma.TransactionClient, serviceId: string, timetable: Timetable) {
  await tx.openingHours.deleteMany({ where: { serviceId } });
  await tx.openingHours.createMany({ data: timetableToRows(timetable).map((row) => ({ ...row, serviceId })) });
}

async function create(viewer: Viewer, input: ServiceInput, role: "sto" | "mechanic"): Promise<EditableService> {
  const prisma = await getPrisma();
  const photos = requestedImages([], input);
  return changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      if (photos) await checkImages(tx, viewer, photos.ids, [], photos.field);
      const created = await tx.service.create({
        data: {
          ...(columns(input) as Prisma.ServiceUncheckedCreateInput),
          role,
          ownerId: viewer.id,
          mechanicOwnerId: role === "mechanic" ? viewer.id : null,
          name: input.name,
          contactMail: input.contactMail,
          latitude: input.coordinates.lat,
          longitude: input.coordinates.lng,
          address: input.address,
          timeZone: DEFAULT_TIME_ZONE,
          isPaid: false,
          openingHours: { create: timetableToRows(input.timetable) },
        },
        select: { id: true },
      });
      await writeImages(tx, created.id, photos?.ids ?? []);
      return toEditable(await tx.service.findUniqueOrThrow({ where: { id: created.id }, include: editableRow }));
    }),
  );
}

/** A write that commits or rolls back together with the change it goes with (an admin's audit entry). */
type Alongside<T> = (tx: Prisma.TransactionClient, change: T) => Promise<unknown>;

async function patch(
  viewer: Viewer,
  row: { id: string },
  input: Partial<ServiceInput>,
  alongside?: Alongside<Partial<ServiceInput>>,
): Promise<EditableService> {
  const prisma = await getPrisma();
  return changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const current = (await tx.serviceImage.findMany({ where: { serviceId: row.id }, ...orderedImages })).map(
        (photo) => photo.imageId,
      );
      const photos = requestedImages(current, input);
      if (photos) {
        await checkImages(tx, viewer, photos.ids, current, photos.field);
        await writeImages(tx, row.id, photos.ids);
      }
      if (input.timetable) await replaceHours(tx, row.id, input.timetable);
      // Saving the hours is saying they are right (features/hours/server/hours-freshness.ts), and
      // known: a claimed place's owner replaces the OpenStreetMap hours nobody could read.
      const confirmed = input.timetable ? { hoursConfirmedAt: new Date(), hoursKnown: true } : {};
      const updated = await tx.service.update({
        where: { id: row.id },
        data: { ...columns(input), ...confirmed },
        include: editableRow,
      });
      // A patch may carry one of the two fields: the rule holds for what the row is after it (rolled back otherwise).
      const outage = outageCashIssue(updated);
      if (outage)
        throw new BadRequestError({
          [input.cashOnlyInOutage === undefined ? "paymentMethods" : "cashOnlyInOutage"]: outage,
        });
      await alongside?.(tx, input);
      return toEditable(updated);
    }),
  );
}

/**
 * POST sto-order: the unpaid station the viewer is about to pay for. One draft per user: a second
 * order replaces the first draft instead of piling up unpaid rows.
 */
export async function createStationOrder(viewer: Viewer | null, body: unknown): Promise<EditableService> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(serviceInput, body);
  const prisma = await getPrisma();
  const draft = await prisma.service.findFirst({
    where: { ownerId: viewer.id, role: "sto", isPaid: false },
    select: { id: true },
  });
  if (draft) return patch(viewer, draft, input);
  return create(viewer, input, "sto");
}

/** PUT sto-order: only the changed fields of the viewer's own unpaid station. */
export async function updateStationOrder(viewer: Viewer | null, body: unknown): Promise<EditableService> {
  requireAccess(viewer, "signedIn");
  const { _id, ...input } = parseOrThrow(servicePatch, body);
  const row = await ownService(viewer, _id);
  if (row.role !== "sto" || row.isPaid) throw new AppError(409, "Listing.notAnOrder");
  return patch(viewer, row, input);
}

/** The viewer's prepared (unpaid) station, for /placeorder and to prefill /addservice. */
export async function getStationOrder(viewer: Viewer | null): Promise<EditableService | null> {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  const draft = await prisma.service.findFirst({
    where: { ownerId: viewer.id, role: "sto", isPaid: false },
    include: editableRow,
    orderBy: { createdAt: "desc" },
  });
  return draft ? toEditable(draft) : null;
}

/** POST /api/items/users: a master profile, listed at once (no payment for masters). */
export async function registerMechanic(viewer: Viewer | null, body: unknown): Promise<EditableService> {
  requireAccess(viewer, "noMechanic");
  const input = parseOrThrow(serviceInput, body);
  try {
    return await create(viewer, input, "mechanic");
  } catch (error) {
    // Two registrations racing: the unique mechanicOwnerId lets only one through.
    if (isUniqueViolation(error)) throw new AppError(403, "Auth.alreadyMechanic");
    throw error;
  }
}

/** The viewer's master profile, for /mechanic-profile. */
export async function getOwnMechanic(viewer: Viewer | null): Promise<EditableService> {
  requireAccess(viewer, "mechanic");
  const prisma = await getPrisma();
  const row = await prisma.service.findUnique({ where: { mechanicOwnerId: viewer.id }, include: editableRow });
  if (!row) throw new AppError(403, "Auth.mechanicRequired");
  return toEditable(row);
}

/** A station or master profile the viewer owns (or any, for an admin), to edit. */
export async function getOwnService(viewer: Viewer | null, id: string): Promise<EditableService> {
  requireAccess(viewer, "signedIn");
  const row = await ownService(viewer, id);
  const prisma = await getPrisma();
  return toEditable(await prisma.service.findUniqueOrThrow({ where: { id: row.id }, include: editableRow }));
}

/** PUT /api/items/users/{id}: the owner changes only the fields that changed. */
export async function updateOwnService(
  viewer: Viewer | null,
  id: string,
  body: unknown,
  alongside?: Alongside<Partial<ServiceInput>>,
): Promise<EditableService> {
  requireAccess(viewer, "signedIn");
  // The id comes from the path; a body that is no object (null, a list, text) is refused by the
  // schema as every other write refuses it, never read as an empty update.
  const isObject = typeof body === "object" && body !== null && !Array.isArray(body);
  const { _id, ...input } = parseOrThrow(servicePatch, isObject ? { ...body, _id: id } : body);
  return patch(viewer, await ownService(viewer, _id), input, alongside);
}

export type OwnServices = { userStos: EditableService[]; mechanic: EditableService | null };

/**
 * The viewer's stations for /mystos: the paid ones, then their unpaid order (`ispaid: false`), so
 * a draft left before paying can be paid for or deleted. Only ever the viewer's own.
 */
export async function listOwnStations(viewer: Viewer | null): Promise<EditableService[]> {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  const rows = await prisma.service.findMany({
    where: { ownerId: viewer.id, role: "sto" },
    include: editableRow,
    orderBy: [{ isPaid: "desc" }, { createdAt: "asc" }],
  });
  return rows.map(toEditable);
}

/**
 * DELETE /api/items/users/{id}: the owner removes a station or their master profile. Reviews and
 * opening hours go with it; payments stay for the record (their service link is cleared).
 * Answers what the client keeps afterwards (spec: the remaining userStos).
 */
export async function deleteOwnService(viewer: Viewer | null, id: string): Promise<z.infer<typeof accountStateAnswer>> {
  requireAccess(viewer, "signedIn");
  await removeService(viewer, id);
  return accountState(viewer.id);
}

/** Deletes a service the viewer owns (or any, for an admin), reading it once; answers what it was. */
export async function removeService(
  viewer: Viewer,
  id: string,
  alongside?: Alongside<ServiceSummary>,
): Promise<ServiceSummary> {
  const row = await ownService(viewer, id);
  const prisma = await getPrisma();
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      await tx.service.delete({ where: { id: row.id } });
      await alongside?.(tx, row);
    }),
  );
  return row;
}
