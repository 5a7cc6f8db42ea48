-- DropIndex
DROP INDEX "services_priceAvg_numReviews_id_idx";

-- DropIndex
DROP INDEX "services_qualityAvg_numReviews_id_idx";

-- DropIndex
DROP INDEX "services_ratingAvg_numReviews_id_idx";

-- DropIndex
DROP INDEX "services_speedAvg_numReviews_id_idx";

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "priceScore" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "qualityScore" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "ratingScore" DOUBLE PRECISION NOT NULL DEFAULT 0,
ADD COLUMN     "speedScore" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "rating_priors" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "weight" DOUBLE PRECISION NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "quality" DOUBLE PRECISION NOT NULL,
    "speed" DOUBLE PRECISION NOT NULL,
    "price" DOUBLE PRECISION NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rating_priors_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "services_ratingScore_numReviews_id_idx" ON "services"("ratingScore" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_qualityScore_numReviews_id_idx" ON "services"("qualityScore" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_speedScore_numReviews_id_idx" ON "services"("speedScore" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_priceScore_numReviews_id_idx" ON "services"("priceScore" DESC, "numReviews" DESC, "id");

-- The prior and the scores of the existing rows (lib/db/rating-scores.ts keeps them current afterwards).
INSERT INTO "rating_priors" ("id", "weight", "rating", "quality", "speed", "price")
SELECT 1, 10, coalesce(avg("ratingAvg"), 0), coalesce(avg("qualityAvg"), 0), coalesce(avg("speedAvg"), 0), coalesce(avg("priceAvg"), 0)
FROM "services" WHERE "numReviews" > 0 AND "isBlocked" = false AND ("role" = 'mechanic' OR "isPaid" = true);

UPDATE "services" s SET
  "ratingScore" = (p."weight" * p."rating" + s."numReviews" * s."ratingAvg") / (p."weight" + s."numReviews"),
  "qualityScore" = (p."weight" * p."quality" + s."numReviews" * s."qualityAvg") / (p."weight" + s."numReviews"),
  "speedScore" = (p."weight" * p."speed" + s."numReviews" * s."speedAvg") / (p."weight" + s."numReviews"),
  "priceScore" = (p."weight" * p."price" + s."numReviews" * s."priceAvg") / (p."weight" + s."numReviews")
FROM "rating_priors" p WHERE p."id" = 1 AND s."numReviews" > 0;
