-- DropIndex
DROP INDEX "services_latitude_longitude_idx";

-- DropIndex
DROP INDEX "services_priceAvg_id_idx";

-- DropIndex
DROP INDEX "services_qualityAvg_id_idx";

-- DropIndex
DROP INDEX "services_ratingAvg_id_idx";

-- DropIndex
DROP INDEX "services_speedAvg_id_idx";

-- CreateIndex
CREATE INDEX "services_ratingAvg_numReviews_id_idx" ON "services"("ratingAvg" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_qualityAvg_numReviews_id_idx" ON "services"("qualityAvg" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_speedAvg_numReviews_id_idx" ON "services"("speedAvg" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_priceAvg_numReviews_id_idx" ON "services"("priceAvg" DESC, "numReviews" DESC, "id");

-- CreateIndex
CREATE INDEX "services_category_idx" ON "services"("category");

-- CreateIndex
CREATE INDEX "services_timeZone_idx" ON "services"("timeZone");

-- Written by hand (Prisma cannot express an expression GiST index): nearest-first order for
-- "near" as an index scan, `ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth(lat, lng)`.
CREATE INDEX "services_location_knn_idx" ON "services" USING GIST (ll_to_earth("latitude", "longitude"));
