-- "Comes to you here" (lib/server/services/sql-fragments.ts, withinReach): each master on the go
-- with a service radius as the box their radius covers, so a point finds the few boxes over it.
-- Measured at 100,000 services (8,300 with a radius) near Kyiv: 1.1 ms, against 13.5 ms for the
-- masters' bases inside the box of the largest radius and 16–70 ms over every service's location.
CREATE INDEX "services_reach_idx" ON "services" USING GIST (earth_box(ll_to_earth("latitude", "longitude"), ("serviceRadiusKm" * 1000)::float8))
  WHERE "isOnTheGo" AND "serviceRadiusKm" IS NOT NULL;
