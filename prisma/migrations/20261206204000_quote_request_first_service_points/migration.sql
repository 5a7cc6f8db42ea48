-- Written by hand: data only, so `npm run db:migration` has nothing to compute.
-- Requests stored before distances were the driver's took the first service's own spot as their
-- point when the driver shared none: that service sits at 0 m and the others are measured from it.
-- Read now as the driver's distances, the first would say "Nearby" and the others would mislead;
-- such requests keep no point and no distances, as a request without a point has today. A driver's
-- own point at the first service within half a metre is treated the same: no distance is shown.
UPDATE "quote_targets" SET "distanceM" = NULL
WHERE "requestId" IN (
  SELECT "requestId" FROM "quote_targets" WHERE "position" = 0 AND "distanceM" = 0
);
UPDATE "quote_requests" SET "latitude" = NULL, "longitude" = NULL
WHERE "latitude" IS NOT NULL AND "id" IN (
  SELECT "requestId" FROM "quote_targets" WHERE "position" = 0 AND "distanceM" IS NULL
);
