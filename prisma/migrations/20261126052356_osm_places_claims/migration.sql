-- CreateEnum
CREATE TYPE "ServiceSource" AS ENUM ('owner', 'osm');

-- CreateEnum
CREATE TYPE "OsmElementType" AS ENUM ('node', 'way', 'relation');

-- CreateEnum
CREATE TYPE "OsmImportStatus" AS ENUM ('running', 'succeeded', 'failed');

-- CreateEnum
CREATE TYPE "ClaimStatus" AS ENUM ('code_sent', 'pending', 'verified', 'completed', 'rejected', 'cancelled');

-- DropIndex
DROP INDEX "services_priceScore_numReviews_id_idx";

-- DropIndex
DROP INDEX "services_qualityScore_numReviews_id_idx";

-- DropIndex
DROP INDEX "services_ratingScore_numReviews_id_idx";

-- DropIndex
DROP INDEX "services_speedScore_numReviews_id_idx";

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "claimed" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "claimedAt" TIMESTAMP(3),
ADD COLUMN     "hiddenAt" TIMESTAMP(3),
ADD COLUMN     "hoursKnown" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "hoursText" VARCHAR(255) NOT NULL DEFAULT '',
ADD COLUMN     "source" "ServiceSource" NOT NULL DEFAULT 'owner',
ADD COLUMN     "workKinds" VARCHAR(20)[] DEFAULT ARRAY[]::VARCHAR(20)[],
ALTER COLUMN "ownerId" DROP NOT NULL;

-- CreateTable
CREATE TABLE "osm_places" (
    "id" UUID NOT NULL,
    "osmType" "OsmElementType" NOT NULL,
    "osmId" BIGINT NOT NULL,
    "tags" JSONB NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "contentHash" CHAR(64) NOT NULL,
    "serviceId" UUID,
    "duplicateOfId" UUID,
    "linkDecision" VARCHAR(10),
    "lastSeenRunId" UUID,
    "missedRuns" SMALLINT NOT NULL DEFAULT 0,
    "hiddenAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "osm_places_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "osm_import_runs" (
    "id" UUID NOT NULL,
    "trigger" VARCHAR(10) NOT NULL,
    "origin" VARCHAR(300) NOT NULL,
    "status" "OsmImportStatus" NOT NULL DEFAULT 'running',
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "elements" INTEGER NOT NULL DEFAULT 0,
    "added" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "hidden" INTEGER NOT NULL DEFAULT 0,
    "restored" INTEGER NOT NULL DEFAULT 0,
    "linked" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "error" VARCHAR(500),

    CONSTRAINT "osm_import_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "service_claims" (
    "id" UUID NOT NULL,
    "serviceId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "message" VARCHAR(1000) NOT NULL DEFAULT '',
    "status" "ClaimStatus" NOT NULL,
    "dispute" BOOLEAN NOT NULL DEFAULT false,
    "codeHash" CHAR(64),
    "codeSentTo" VARCHAR(100),
    "codeExpiresAt" TIMESTAMP(3),
    "codeAttempts" SMALLINT NOT NULL DEFAULT 0,
    "decidedById" UUID,
    "decidedAt" TIMESTAMP(3),
    "reason" VARCHAR(500) NOT NULL DEFAULT '',
    "verifiedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "service_claims_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "osm_places_serviceId_key" ON "osm_places"("serviceId");

-- CreateIndex
CREATE INDEX "osm_places_duplicateOfId_idx" ON "osm_places"("duplicateOfId");

-- CreateIndex
CREATE UNIQUE INDEX "osm_places_osmType_osmId_key" ON "osm_places"("osmType", "osmId");

-- CreateIndex
CREATE INDEX "osm_import_runs_startedAt_idx" ON "osm_import_runs"("startedAt");

-- CreateIndex
CREATE INDEX "service_claims_serviceId_status_idx" ON "service_claims"("serviceId", "status");

-- CreateIndex
CREATE INDEX "service_claims_userId_status_idx" ON "service_claims"("userId", "status");

-- CreateIndex
CREATE INDEX "service_claims_status_createdAt_idx" ON "service_claims"("status", "createdAt");

-- CreateIndex
CREATE INDEX "services_ratingScore_claimed_numReviews_id_idx" ON "services"("ratingScore" DESC, "claimed" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_qualityScore_claimed_numReviews_id_idx" ON "services"("qualityScore" DESC, "claimed" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_speedScore_claimed_numReviews_id_idx" ON "services"("speedScore" DESC, "claimed" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_priceScore_claimed_numReviews_id_idx" ON "services"("priceScore" DESC, "claimed" DESC, "numReviews" DESC, "id");

-- AddForeignKey
ALTER TABLE "osm_places" ADD CONSTRAINT "osm_places_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "osm_places" ADD CONSTRAINT "osm_places_duplicateOfId_fkey" FOREIGN KEY ("duplicateOfId") REFERENCES "services"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_claims" ADD CONSTRAINT "service_claims_serviceId_fkey" FOREIGN KEY ("serviceId") REFERENCES "services"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_claims" ADD CONSTRAINT "service_claims_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "service_claims" ADD CONSTRAINT "service_claims_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Written by hand (schema.prisma cannot describe these).

-- "claimed" is "has an owner", kept as a column so the rating-sort indexes can hold it (ranking
-- never puts an unclaimed imported place above a confirmed listing with the same score).
ALTER TABLE "services" ADD CONSTRAINT "services_claimed_has_owner" CHECK ("claimed" = ("ownerId" IS NOT NULL));

-- Two people cannot hold one listing: at most one verified claim per service.
CREATE UNIQUE INDEX "service_claims_one_holder_idx" ON "service_claims" ("serviceId") WHERE "status" = 'verified';

-- The published rule (features/catalog/server/published.ts) now also shows unclaimed imported
-- places and hides the ones OpenStreetMap stopped listing: the count index spells it again.
DROP INDEX "services_published_count_idx";
CREATE INDEX "services_published_count_idx" ON "services" ("timeZone", "id") INCLUDE ("role", "isOnTheGo", "liveState", "liveUntil", "liveUpdatedAt")
  WHERE "isBlocked" = false AND "hiddenAt" IS NULL AND ("role" = 'mechanic' OR "isPaid" = true OR "claimed" = false);

-- The map's kept cells count published services: the trigger that marks them stale also fires on
-- the columns the published rule now reads (hidden imported places, unclaimed ones).
DROP TRIGGER "services_map_cells_dirty" ON "services";
CREATE TRIGGER "services_map_cells_dirty"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "latitude", "longitude", "isPaid", "isBlocked", "role", "hiddenAt", "claimed" ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "map_cells_flag_dirty"();

-- A listing made from an OpenStreetMap place that is deleted (by an admin, or by the owner who
-- claimed it) stays deleted: the place remembers it, and the import makes no new listing for it.
CREATE FUNCTION "osm_place_listing_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "osm_places" SET "linkDecision" = 'removed', "serviceId" = NULL WHERE "serviceId" = OLD."id";
  RETURN OLD;
END
$$;

CREATE TRIGGER "services_osm_listing_removed"
  BEFORE DELETE ON "services"
  FOR EACH ROW WHEN (OLD."source" = 'osm') EXECUTE FUNCTION "osm_place_listing_removed"();
