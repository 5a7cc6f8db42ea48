-- CreateEnum
CREATE TYPE "BurstDirection" AS ENUM ('high', 'low');

-- AlterTable
ALTER TABLE "reviews" ADD COLUMN     "weighedAt" TIMESTAMP(3),
ADD COLUMN     "weight" DOUBLE PRECISION NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "burstDirection" "BurstDirection",
ADD COLUMN     "fullReviews" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "weightSum" DOUBLE PRECISION NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "reviews_weight_idx" ON "reviews"("weight");

-- CreateIndex
CREATE INDEX "reviews_weighedAt_idx" ON "reviews"("weighedAt");

-- Every review so far counts fully (weight 1) until the weights job has weighed it, so the stored
-- aggregates and scores stay as they are; a flag raised so far was for a burst of low reviews.
UPDATE "services" SET "weightSum" = "numReviews", "fullReviews" = "numReviews" WHERE "numReviews" > 0;
UPDATE "services" SET "burstDirection" = 'low' WHERE "burstFlaggedAt" IS NOT NULL;
