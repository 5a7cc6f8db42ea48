import { createHash } from "node:crypto";

import { SCORE_ASSIGNMENTS } from "@/features/reviews/server/rating-sql";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

let counter = 0;

type ImportedInput = {
  name?: string;
  lat?: number;
  lng?: number;
  address?: string;
  /** The original opening_hours; the place's hours are unknown (no weekly rows). */
  hoursText?: string;
  workKinds?: string[];
  contactMail?: string;
  osmType?: "node" | "way" | "relation";
  osmId?: number;
  hiddenAt?: Date | null;
  ratings?: Partial<Record<"ratingAvg" | "qualityAvg" | "speedAvg" | "priceAvg" | "numReviews", number>>;
};

/**
 * A place imported from OpenStreetMap that nobody has claimed, written as the import writes one:
 * a listing without an owner (source osm, unpaid, hours unknown with the original text) and its
 * osm_places row with the tags as imported.
 */
export async function makeImportedPlace(input: ImportedInput = {}) {
  const prisma = await getPrisma();
  counter++;
  const osmType = input.osmType ?? "node";
  const osmId = BigInt(input.osmId ?? 9_000_000_000 + Date.now() * 10 + counter);
  const name = input.name ?? `OSM Шиномонтаж ${counter}`;
  const lat = input.lat ?? 49.24;
  const lng = input.lng ?? 28.48;
  const hoursText = input.hoursText ?? "Mo-Fr 09:00-13:00,14:00-18:00; PH off";
  const tags = { shop: "tyres", name, opening_hours: hoursText };
  return changingCatalog(async () => {
    const service = await prisma.service.create({
      data: {
        role: "sto",
        source: "osm",
        claimed: false,
        ownerId: null,
        isPaid: false,
        name,
        contactMail: input.contactMail ?? "",
        latitude: lat,
        longitude: lng,
        address: input.address ?? "вул. Київська, 10, Вінниця",
        timeZone: "Europe/Kyiv",
        hoursKnown: false,
        hoursText,
        workKinds: input.workKinds ?? ["tyres"],
        hiddenAt: input.hiddenAt ?? null,
        ...input.ratings,
        weightSum: input.ratings?.numReviews ?? 0,
        fullReviews: input.ratings?.numReviews ?? 0,
      },
    });
    await prisma.osmPlace.create({
      data: {
        osmType,
        osmId,
        tags,
        latitude: lat,
        longitude: lng,
        contentHash: createHash("sha256")
          .update(JSON.stringify([tags, lat, lng]))
          .digest("hex"),
        serviceId: service.id,
      },
    });
    if (input.ratings)
      await prisma.$executeRawUnsafe(
        `UPDATE services s SET ${SCORE_ASSIGNMENTS} FROM rating_priors p WHERE p.id = 1 AND s.id = $1::uuid`,
        service.id,
      );
    return { ...service, osmType, osmId };
  });
}
