import "server-only";

import { PUBLISHED_WHERE } from "@/domain/service/server/published";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import type { lastRunAnswer, osmLinksAnswer, OsmRunView, runStartedAnswer } from "@/features/osm/answers";
import { osmLinkInput } from "@/features/osm/link-schema";
import { mapElement } from "@/features/osm/mapping";
import type { OverpassElement } from "@/features/osm/types";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/generated/prisma/client";
import { AppError, isUuid, NotFoundError } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";
import type { z } from "@/lib/zod";

import { ImportRunningError, startImportRun } from "./import-run";
import { fetchOverpass } from "./overpass";
import { fallbackAddress } from "./prepare-answer";
import { runOsmImport } from "./run";

/**
 * The admin area's side of the import: start a run now (answered at once, run in the background),
 * read the last run, and decide by hand whether an imported place is an owner's listing.
 */

// Runs started by an admin's request, which nobody awaits: tracked so a test (or a shutdown) can
// wait for them before the database closes, as lib/mail/outbox.ts does for deliveries.
const background = new Set<Promise<void>>();

/** Resolves once every import started in the background so far has finished. */
export async function osmImportSettled(): Promise<void> {
  await Promise.all([...background]);
}

/** POST /api/items/admin/osm-import: opens a run (409 while one runs) and carries it on after the answer. */
export async function startImportNow(viewer: Viewer | null): Promise<z.infer<typeof runStartedAnswer>> {
  requireAccess(viewer, "admin");
  const origin = env.OSM_OVERPASS_URL;
  let runId: string;
  try {
    runId = await startImportRun("admin", origin);
  } catch (error) {
    if (error instanceof ImportRunningError) throw new AppError(409, "Admin.osmImportRunning");
    throw error;
  }
  const run: Promise<void> = runOsmImport({ trigger: "admin", origin, runId, load: () => fetchOverpass(origin) })
    // runOsmImport has logged the failure and recorded it on the run, where the admin reads it.
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => background.delete(run));
  background.add(run);
  return { runId };
}

const toView = (run: Prisma.OsmImportRunGetPayload<object>): OsmRunView => ({
  id: run.id,
  trigger: run.trigger,
  origin: run.origin,
  status: run.status,
  startedAt: run.startedAt.toISOString(),
  finishedAt: run.finishedAt?.toISOString() ?? null,
  elements: run.elements,
  added: run.added,
  updated: run.updated,
  unchanged: run.unchanged,
  hidden: run.hidden,
  restored: run.restored,
  linked: run.linked,
  skipped: run.skipped,
  seenBefore: run.seenBefore,
  error: run.error,
});

/** GET /api/items/admin/osm-import: the last run (null before the first). */
export async function lastRunForAdmin(viewer: Viewer | null): Promise<z.infer<typeof lastRunAnswer>> {
  requireAccess(viewer, "admin");
  const prisma = await getPrisma();
  const run = await prisma.osmImportRun.findFirst({ orderBy: [{ startedAt: "desc" }, { id: "desc" }] });
  return { run: run ? toView(run) : null };
}

/** The most linked places the admin page lists at once (newest decisions and links first). */
const LINKS_SHOWN = 200;

/** Imported places linked to an owner's listing, and the ones an admin separated. */
export async function listOsmLinks(viewer: Viewer | null): Promise<z.infer<typeof osmLinksAnswer>> {
  requireAccess(viewer, "admin");
  const prisma = await getPrisma();
  const places = await prisma.osmPlace.findMany({
    where: { OR: [{ duplicateOfId: { not: null } }, { linkDecision: { not: null } }] },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    take: LINKS_SHOWN,
    select: {
      id: true,
      osmType: true,
      osmId: true,
      tags: true,
      linkDecision: true,
      serviceId: true,
      duplicateOf: { select: { id: true, name: true, address: true } },
    },
  });
  return {
    places: places.map((place) => {
      const tags = (place.tags ?? {}) as Record<string, string>;
      return {
        id: place.id,
        osm: `${place.osmType}/${place.osmId}`,
        name: tags["name:uk"] ?? tags.name ?? tags["name:en"] ?? "",
        linkDecision: place.linkDecision,
        serviceId: place.serviceId,
        duplicateOf: place.duplicateOf,
      };
    }),
  };
}

/**
 * PUT /api/items/admin/osm-places/{id} `{ link: serviceId | null }`: an admin's word, which later
 * imports keep. null separates the place (its own listing shown, made now if it never had one); a
 * service id links it to that owner's published listing (its own unclaimed listing hidden, reviews
 * kept).
 */
export async function decideOsmLink(viewer: Viewer | null, placeId: string, body: unknown) {
  requireAccess(viewer, "admin");
  if (!isUuid(placeId)) throw new NotFoundError();
  const { link } = parseOrThrow(osmLinkInput, body);
  const prisma = await getPrisma();
  return changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const place = await tx.osmPlace.findUnique({
        where: { id: placeId },
        include: { service: { select: { id: true, claimed: true } } },
      });
      if (!place) throw new NotFoundError();
      const osm = `${place.osmType}/${place.osmId}`;
      if (link) {
        const target = await tx.service.findFirst({
          where: { id: link, claimed: true, role: "sto", ...PUBLISHED_WHERE },
          select: { id: true },
        });
        if (!target || target.id === place.serviceId) throw new AppError(400, "Admin.osmLinkTarget");
        await tx.osmPlace.update({
          where: { id: place.id },
          data: { duplicateOfId: target.id, linkDecision: "linked" },
        });
        if (place.service && !place.service.claimed)
          await tx.service.update({
            where: { id: place.service.id },
            data: { hiddenAt: place.hiddenAt ?? new Date() },
          });
        await writeAudit(tx, viewer.id, "osm.link", "service", target.id, { place: place.id, osm });
      } else {
        let serviceId = place.service?.id ?? null;
        if (!serviceId) serviceId = await listingFromPlace(tx, place);
        await tx.osmPlace.update({
          where: { id: place.id },
          data: { duplicateOfId: null, linkDecision: "separate", serviceId },
        });
        if (serviceId && !place.service?.claimed)
          await tx.service.update({ where: { id: serviceId }, data: { hiddenAt: place.hiddenAt } });
        if (serviceId) await writeAudit(tx, viewer.id, "osm.separate", "service", serviceId, { place: place.id, osm });
      }
      return { message: "Admin.osmLinkSaved" };
    }),
  );
}

/** The listing a place separated by hand gets when it never had one (it was linked when first imported). */
async function listingFromPlace(
  tx: Prisma.TransactionClient,
  place: {
    osmType: OverpassElement["type"];
    osmId: bigint;
    tags: Prisma.JsonValue;
    latitude: number;
    longitude: number;
  },
): Promise<string | null> {
  const tags = (place.tags ?? {}) as Record<string, string>;
  const mapped = mapElement({
    type: place.osmType,
    id: Number(place.osmId),
    lat: place.latitude,
    lon: place.longitude,
    tags,
  });
  if ("skip" in mapped) return null;
  const service = await tx.service.create({
    data: {
      role: "sto",
      ownerId: null,
      claimed: false,
      source: "osm",
      isPaid: false,
      name: mapped.name.slice(0, 100),
      address: (mapped.address || fallbackAddress(tags, mapped.latitude, mapped.longitude)).slice(0, 300),
      latitude: mapped.latitude,
      longitude: mapped.longitude,
      timeZone: "Europe/Kyiv",
      category: mapped.category,
      contactPhone1: mapped.phones[0] ?? "",
      contactPhone2: mapped.phones[1] ?? "",
      website: mapped.website.slice(0, 100),
      contactMail: mapped.email.slice(0, 100),
      workKinds: mapped.workKinds,
      hoursKnown: mapped.hoursKnown,
      hoursText: mapped.hoursText.slice(0, 255),
      ...(mapped.hoursKnown && mapped.hours ? { openingHours: { create: mapped.hours } } : {}),
    },
    select: { id: true },
  });
  return service.id;
}
