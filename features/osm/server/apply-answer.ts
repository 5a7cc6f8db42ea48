import { publishedSql } from "@/domain/service/server/published";
import { getPrisma } from "@/lib/db/client";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";

import { EMAIL_STABLE_MS } from "../email-age";
import { EMAIL_KEYS } from "../mapping";
import {
  finishRun,
  ImportRefusedError,
  startImportRun,
  type ImportCounts,
  type ImportResult,
  type ImportTrigger,
} from "./import-run";
import { prepareAnswer } from "./prepare-answer";

/**
 * The OpenStreetMap import: an Overpass answer becomes osm_places rows (the tags as imported, the
 * separate ODbL layer) and, for each place, an unclaimed listing of source "osm" in services.
 *
 * One transaction does the whole answer with set-based statements over a temporary table (one
 * JSON parameter in, a dozen statements whatever the number of places), so a run that fails leaves
 * the catalogue as it was and 20,000 places take seconds, not 20,000 round trips. Keyed by
 * (osmType, osmId); an element whose tags and position hash to the stored contentHash is not
 * written at all, so the same answer twice changes nothing the second time.
 *
 * No "server-only" marker here, like features/reviews/server/rating-sql.ts: prisma/seed.ts, run by
 * plain tsx, imports the demo answer through applyOverpassAnswer. The app goes through ./run.ts.
 */

/** Near enough to be the same place as an owner's listing, in metres. */
export const DUPLICATE_RADIUS_M = 75;
/** pg_trgm similarity of the lower-cased names from which two places near each other are one. */
export const DUPLICATE_SIMILARITY = 0.3;
/**
 * One name inside the other counts only from this length: "СТО" is inside "Автостоп" and says
 * nothing; "Мотор" inside "Автосервіс Мотор" does.
 */
export const DUPLICATE_CONTAINED_MIN = 5;
/** Consecutive runs a place may be missing from before it is hidden. */
export const MISSED_RUNS_TO_HIDE = 2;

/**
 * An answer listing fewer places than this share of those shown now is refused, whatever their
 * number: an Overpass hiccup that returns a sliver (4 of the demo's 30, or of Ukraine's thousands)
 * must not start hiding the rest. Real closures come a few at a time and still pass.
 */
export const REFUSE_BELOW_SHARE = 0.5;

/**
 * Applies an answer already read: validates it, writes it in one transaction and records the run
 * (opened here unless `runId` names one already started). Throws when the answer cannot be
 * applied; the run is then "failed" and nothing in the catalogue changed. The app goes through
 * importOverpass (./run.ts), which also tells the read caches; the seed calls this directly.
 */
export async function applyOverpassAnswer(
  answer: unknown,
  /** `prisma`: the seed's own client (the app's otherwise). */
  options: { trigger: ImportTrigger; origin: string; runId?: string; prisma?: PrismaClient },
): Promise<ImportResult> {
  const prisma = options.prisma ?? (await getPrisma());
  const runId = options.runId ?? (await startImportRun(options.trigger, options.origin, prisma));
  let applied: { counts: ImportCounts; seenBefore: number };
  try {
    applied = await applyAnswer(prisma, answer, runId);
  } catch (error) {
    await finishRun(runId, { error }, prisma);
    throw error;
  }
  await finishRun(runId, applied, prisma);
  return { runId, ...applied.counts };
}

/** Rows of the temporary table as the JSON parameter reads them. */
const INCOMING_COLUMNS =
  Prisma.raw(`t text, oid bigint, tags jsonb, lat float8, lng float8, hash text, sid uuid, pid uuid,
  name text, address text, fallback text, p1 text, p2 text, web text, mail text, es timestamp, cat text, kinds jsonb,
  hk boolean, ht text, hours jsonb`);

/** Whether the stored place `p` and the incoming element `i` differ in any e-mail tag. */
const EMAIL_TAGS_DIFFER = Prisma.join(
  EMAIL_KEYS.map((key) => Prisma.sql`p.tags->>${key} IS DISTINCT FROM i.tags->>${key}`),
  " OR ",
);

/** An owner's published listing near an imported place with a similar name (the duplicate rule). */
const DUPLICATE_OF = Prisma.sql`(
  SELECT s.id FROM services s
  WHERE ${Prisma.raw(publishedSql("s"))} AND s.claimed = true AND s.role = 'sto'
    AND s.id IS DISTINCT FROM i.service_id
    AND earth_box(ll_to_earth(i.lat, i.lng), ${DUPLICATE_RADIUS_M}::float8) @> ll_to_earth(s.latitude, s.longitude)
    AND earth_distance(ll_to_earth(i.lat, i.lng), ll_to_earth(s.latitude, s.longitude)) <= ${DUPLICATE_RADIUS_M}::float8
    AND (similarity(lower(s.name), lower(i.name)) >= ${DUPLICATE_SIMILARITY}::float4
      OR (length(i.name) >= ${DUPLICATE_CONTAINED_MIN} AND strpos(lower(s.name), lower(i.name)) > 0)
      OR (length(s.name) >= ${DUPLICATE_CONTAINED_MIN} AND strpos(lower(i.name), lower(s.name)) > 0))
  ORDER BY earth_distance(ll_to_earth(i.lat, i.lng), ll_to_earth(s.latitude, s.longitude)), s.id
  LIMIT 1)`;

/** The listing's fields from the temporary table's row `i` (new listings and unclaimed changed ones). */
const HOURS_FROM_INCOMING = Prisma.sql`
  SELECT gen_random_uuid(), i.service_id, h.weekday, h.closed, h."opensAt", h."closesAt"
  FROM osm_incoming i CROSS JOIN LATERAL jsonb_to_recordset(i.hours) AS h(weekday int, closed boolean, "opensAt" int, "closesAt" int)
  WHERE jsonb_typeof(i.hours) = 'array'`;

async function applyAnswer(
  prisma: PrismaClient,
  answer: unknown,
  runId: string,
): Promise<{ counts: ImportCounts; seenBefore: number }> {
  // One clock for the run, in UTC as the timestamp columns hold it (features/osm/email-age.ts).
  const now = new Date();
  const { incoming, elements, skipped } = prepareAnswer(answer, now);
  const runAt = now.toISOString();
  const stableBefore = new Date(now.getTime() - EMAIL_STABLE_MS).toISOString();
  return prisma.$transaction(
    async (tx) => {
      // The places not hidden: those the last good runs listed (a place missed once still counts).
      const [{ known } = { known: 0 }] = await tx.$queryRaw<{ known: number }[]>`
        SELECT count(*)::int AS known FROM osm_places WHERE "hiddenAt" IS NULL`;
      if (incoming.length < known * REFUSE_BELOW_SHARE)
        throw new ImportRefusedError(
          { elements, added: 0, updated: 0, unchanged: 0, hidden: 0, restored: 0, linked: 0, skipped },
          known,
          incoming.length,
        );

      await tx.$executeRawUnsafe(`CREATE TEMP TABLE osm_incoming (${INCOMING_COLUMNS.text},
        state text, place_id uuid, service_id uuid, old_dup uuid, dup_id uuid, decision text, claimed boolean,
        old_hidden boolean NOT NULL DEFAULT false, fresh boolean NOT NULL DEFAULT false) ON COMMIT DROP`);
      await tx.$executeRaw`
        INSERT INTO osm_incoming (t, oid, tags, lat, lng, hash, sid, pid, name, address, fallback, p1, p2, web, mail, es, cat, kinds, hk, ht, hours)
        SELECT r.* FROM jsonb_to_recordset(${JSON.stringify(incoming)}::jsonb) AS r(${INCOMING_COLUMNS})`;
      await tx.$executeRawUnsafe(`ANALYZE osm_incoming`);

      // What each element is to us: new, changed or the same as stored (with what it was linked to).
      await tx.$executeRaw`
        UPDATE osm_incoming i SET place_id = p.id, service_id = p."serviceId", old_dup = p."duplicateOfId",
          dup_id = p."duplicateOfId", decision = p."linkDecision", claimed = s.claimed,
          old_hidden = p."hiddenAt" IS NOT NULL,
          state = CASE WHEN p."contentHash" = i.hash THEN 'same' ELSE 'changed' END
        FROM osm_places p LEFT JOIN services s ON s.id = p."serviceId"
        WHERE p."osmType" = i.t::"OsmElementType" AND p."osmId" = i.oid`;
      await tx.$executeRaw`UPDATE osm_incoming SET state = 'new', place_id = pid WHERE state IS NULL`;

      // Duplicates of owners' listings, unless an admin decided or it was claimed: looked for on every
      // run, also for places OSM did not change, since an owner may have published one since the last.
      await tx.$executeRaw`
        UPDATE osm_incoming i SET dup_id = ${DUPLICATE_OF}
        WHERE i.decision IS NULL AND i.claimed IS NOT TRUE
          AND (i.state IN ('new', 'changed') OR (i.state = 'same' AND i.dup_id IS NULL))`;
      // An unchanged place newly found to duplicate a listing is written like a changed one.
      await tx.$executeRaw`UPDATE osm_incoming SET state = 'changed' WHERE state = 'same' AND dup_id IS NOT NULL AND old_dup IS NULL`;

      // A listing for every new place not linked as a duplicate, and for a changed one no longer linked,
      // unless its listing was deleted once (the place then says "removed").
      await tx.$executeRaw`
        UPDATE osm_incoming SET service_id = sid, fresh = true
        WHERE state IN ('new', 'changed') AND service_id IS NULL AND dup_id IS NULL AND decision IS DISTINCT FROM 'removed'`;
      await tx.$executeRaw`
        INSERT INTO services (id, role, "ownerId", claimed, source, name, "contactMail", latitude, longitude, address,
          "timeZone", category, "contactPhone1", "contactPhone2", website, "hoursKnown", "hoursText", "workKinds",
          "isPaid", "createdAt", "updatedAt")
        SELECT i.service_id, 'sto', NULL, false, 'osm', i.name, i.mail, i.lat, i.lng,
          CASE WHEN i.address <> '' THEN i.address ELSE i.fallback END,
          'Europe/Kyiv', i.cat::"Category", i.p1, i.p2, i.web, i.hk, i.ht,
          ARRAY(SELECT jsonb_array_elements_text(i.kinds))::varchar(20)[], false, now(), now()
        FROM osm_incoming i WHERE i.fresh`;
      const addedPlaces = await tx.$executeRaw`
        INSERT INTO osm_places (id, "osmType", "osmId", tags, latitude, longitude, "contentHash", "serviceId",
          "duplicateOfId", "lastSeenRunId", "missedRuns", "emailSince", "createdAt", "updatedAt")
        SELECT i.pid, i.t::"OsmElementType", i.oid, i.tags, i.lat, i.lng, i.hash, i.service_id, i.dup_id,
          ${runId}::uuid, 0, i.es, now(), now()
        FROM osm_incoming i WHERE i.state = 'new'`;

      // Changed places: the layer always; the listing only while nobody has claimed it. An e-mail tag
      // edited since the last run is dated from this run (SET reads the row as it was before).
      const updated = await tx.$executeRaw`
        UPDATE osm_places p SET tags = i.tags, latitude = i.lat, longitude = i.lng, "contentHash" = i.hash,
          "emailSince" = CASE WHEN ${EMAIL_TAGS_DIFFER} THEN ${runAt}::timestamp ELSE p."emailSince" END,
          "serviceId" = i.service_id, "duplicateOfId" = i.dup_id, "lastSeenRunId" = ${runId}::uuid, "missedRuns" = 0, "hiddenAt" = NULL, "updatedAt" = now()
        FROM osm_incoming i WHERE p.id = i.place_id AND i.state = 'changed'`;
      // The contact mail only from an address that has stood (EMAIL_STABLE_MS): a fresh edit of the tag
      // does not replace the one the listing had; the statement after the next takes it once it has stood.
      await tx.$executeRaw`
        UPDATE services s SET name = i.name, "contactPhone1" = i.p1, "contactPhone2" = i.p2,
          "contactMail" = CASE WHEN p."emailSince" <= ${stableBefore}::timestamp THEN i.mail ELSE s."contactMail" END,
          website = i.web, category = i.cat::"Category", "hoursKnown" = i.hk, "hoursText" = i.ht,
          "workKinds" = ARRAY(SELECT jsonb_array_elements_text(i.kinds))::varchar(20)[],
          address = CASE WHEN i.address <> '' THEN i.address
            WHEN s.latitude = i.lat AND s.longitude = i.lng THEN s.address ELSE i.fallback END,
          latitude = i.lat, longitude = i.lng, "updatedAt" = now()
        FROM osm_incoming i JOIN osm_places p ON p.id = i.place_id
        WHERE s.id = i.service_id AND i.state = 'changed' AND NOT i.fresh AND s.claimed = false`;
      // An address held back while it was new, now old enough, even when nothing else changed since.
      await tx.$executeRaw`
        UPDATE services s SET "contactMail" = i.mail, "updatedAt" = now()
        FROM osm_incoming i JOIN osm_places p ON p.id = i.place_id
        WHERE s.id = i.service_id AND NOT i.fresh AND s.claimed = false AND s."contactMail" <> i.mail
          AND p."emailSince" <= ${stableBefore}::timestamp`;
      await tx.$executeRaw`
        DELETE FROM opening_hours h USING osm_incoming i, services s
        WHERE h."serviceId" = i.service_id AND i.state = 'changed' AND NOT i.fresh AND i.claimed = false
          AND s.id = i.service_id AND s.claimed = false`;
      // The listing's claimed flag as it is now, not as this run first read it: a place claimed while
      // the run went on keeps its owner's hours (the listing update above checks the row itself too).
      await tx.$executeRaw`
        INSERT INTO opening_hours (id, "serviceId", weekday, closed, "opensAt", "closesAt")
        ${HOURS_FROM_INCOMING} AND (i.fresh OR (i.state = 'changed' AND i.claimed = false
          AND EXISTS (SELECT 1 FROM services s WHERE s.id = i.service_id AND s.claimed = false)))`;

      // Unchanged places seen again after being missed: counted again from zero, shown again.
      await tx.$executeRaw`
        UPDATE osm_places p SET "missedRuns" = 0, "hiddenAt" = NULL, "lastSeenRunId" = ${runId}::uuid, "updatedAt" = now()
        FROM osm_incoming i WHERE p.id = i.place_id AND i.state = 'same' AND (p."missedRuns" <> 0 OR p."hiddenAt" IS NOT NULL)`;

      // Places this answer does not list: one more missed run; hidden at the second (never deleted).
      const [{ hidden } = { hidden: 0 }] = await tx.$queryRaw<{ hidden: number }[]>`
        WITH missed AS (
          UPDATE osm_places p SET "missedRuns" = p."missedRuns" + 1,
            "hiddenAt" = CASE WHEN p."missedRuns" + 1 >= ${MISSED_RUNS_TO_HIDE} THEN now() END, "updatedAt" = now()
          WHERE p."hiddenAt" IS NULL AND NOT EXISTS (SELECT 1 FROM osm_incoming i WHERE i.place_id = p.id)
          RETURNING p."hiddenAt")
        SELECT count(*) FILTER (WHERE "hiddenAt" IS NOT NULL)::int AS hidden FROM missed`;

      // Unclaimed listings follow their place: hidden while it is hidden or linked as a duplicate.
      await tx.$executeRaw`
        UPDATE services s SET "hiddenAt" = CASE WHEN p."hiddenAt" IS NOT NULL OR p."duplicateOfId" IS NOT NULL
            THEN COALESCE(p."hiddenAt", now()) END, "updatedAt" = now()
        FROM osm_places p
        WHERE p."serviceId" = s.id AND s.claimed = false
          AND (p."hiddenAt" IS NOT NULL OR p."duplicateOfId" IS NOT NULL) <> (s."hiddenAt" IS NOT NULL)`;

      const [tally] = await tx.$queryRaw<{ unchanged: number; restored: number; linked: number }[]>`
        SELECT count(*) FILTER (WHERE state = 'same')::int AS unchanged,
          count(*) FILTER (WHERE state <> 'new' AND old_hidden)::int AS restored,
          count(*) FILTER (WHERE dup_id IS NOT NULL AND dup_id IS DISTINCT FROM old_dup)::int AS linked
        FROM osm_incoming`;
      const counts = {
        elements,
        added: addedPlaces,
        updated,
        unchanged: tally?.unchanged ?? 0,
        hidden,
        restored: tally?.restored ?? 0,
        linked: tally?.linked ?? 0,
        skipped,
      };
      return { counts, seenBefore: known };
    },
    { maxWait: 60_000, timeout: 15 * 60_000 },
  );
}
