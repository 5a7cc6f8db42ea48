// Fills the database in DATABASE_URL (or the embedded one) with N generated published services,
// their opening hours (with some dated exceptions and live statuses), prices, owners and reviews (0–12 each, by a pool of reviewers; the services'
// averages are computed from those rows as the app computes them), for benchmarks:
//   npx tsx scripts/bench/generate-services.ts 100000
// Runs in SQL (generate_series), so 100,000 services take seconds, not minutes. A fifth of them (or the
// second argument's count) are places imported from OpenStreetMap: no owner, unclaimed, an
// as-imported osm_places row each, a quarter of them with hours unknown:
//   npx tsx scripts/bench/generate-services.ts 100000 20000
import { REFRESH_ALL_SCORES_SQL, REFRESH_PRIOR_SQL } from "@/features/reviews/server/rating-sql";
import { applyMigrations } from "@/lib/db/migrations";

import { runDbCommand } from "../db/run";

const count = Number(process.argv[2] ?? 100_000);
const imported = Number(process.argv[3] ?? Math.round(count / 5));
const REVIEWERS = 2000;
if (
  !Number.isInteger(count) ||
  count < 1 ||
  count > 2_000_000 ||
  !Number.isInteger(imported) ||
  imported < 0 ||
  imported > count
) {
  console.error("Usage: generate-services.ts <count 1..2000000> [imported 0..count]");
  process.exit(2);
}

await runDbCommand(async (db) => {
  await applyMigrations(db.sql);
  const started = Date.now();
  const run = `bench${Date.now().toString(36)}`;
  await db.sql.transaction(async () => {
    // One transaction of bulk statements: the database's default statement timeout is for requests.
    await db.sql.exec("SET LOCAL statement_timeout = 0");
    await db.sql.exec(`
      CREATE TEMP TABLE bench_owner ON COMMIT DROP AS
      SELECT gen_random_uuid() AS id, g AS n FROM generate_series(1, ${count}) g;
      INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "emailVerifiedAt", "updatedAt")
      SELECT id, 'Bench Owner ' || n, '${run}-' || n || '@bench.local', '${run}-' || n || '@bench.local', 'x', now(), now() FROM bench_owner;
      CREATE TEMP TABLE bench_service ON COMMIT DROP AS
      SELECT gen_random_uuid() AS id, o.id AS owner, o.n,
        -- Every k-th row, spread over the country like the rest, is an imported place (always a station).
        ${imported} > 0 AND o.n % ${Math.max(1, Math.floor(count / Math.max(1, imported)))} = 0 AND o.n / ${Math.max(1, Math.floor(count / Math.max(1, imported)))} <= ${imported} AS osm,
        CASE WHEN o.n % 3 = 0 THEN 'mechanic' ELSE 'sto' END AS role,
        44.5 + random() * 7.5 AS lat, 22.5 + random() * 17.5 AS lng,
        (random() * 12)::int AS reviews
      FROM bench_owner o;
      INSERT INTO services (id, role, "ownerId", "mechanicOwnerId", name, description, brand, "isOnTheGo", "isPaid", "contactPhone1", "contactMail",
        latitude, longitude, address, "updatedAt")
      SELECT id, role::"ServiceRole", owner, CASE WHEN role = 'mechanic' THEN owner END,
        (ARRAY['Авто','Auto','СТО','Garage','Мотор','Service','Майстер','Diesel'])[1 + n % 8] || ' ' || (ARRAY['Центр','Pro','Плюс','Expert','Сервіс','Lab','Гараж','Fix'])[1 + (n / 8) % 8] || ' ' || n,
        'Ремонт і обслуговування автомобілів, діагностика, шиномонтаж',
        (ARRAY['Any','Audi','Bmw','Ford','Skoda','Toyota','Volkswagen','Renault'])[1 + n % 8],
        role = 'mechanic' AND n % 2 = 0, role = 'sto', '+38067123' || lpad((n % 10000)::text, 4, '0'), 'svc' || n || '@bench.local',
        lat, lng, 'вул. Тестова, ' || (n % 200 + 1) || ', Україна', now()
      FROM bench_service;
      UPDATE bench_service SET role = 'sto' WHERE osm;
      UPDATE services s SET role = 'sto', "ownerId" = NULL, "mechanicOwnerId" = NULL, claimed = false, source = 'osm', "isPaid" = false,
        "isOnTheGo" = false, "contactMail" = CASE WHEN b.n % 4 = 0 THEN 'osm' || b.n || '@bench.local' ELSE '' END,
        "hoursKnown" = b.n % 4 <> 1, "hoursText" = CASE WHEN b.n % 4 = 1 THEN 'Mo-Fr 09:00-13:00,14:00-18:00; PH off' ELSE 'Mo-Fr 09:00-18:00' END,
        "workKinds" = CASE WHEN b.n % 2 = 0 THEN ARRAY['tyres']::varchar(20)[] ELSE ARRAY[]::varchar(20)[] END
      FROM bench_service b WHERE s.id = b.id AND b.osm;
      -- OSM ids above those already there (the soak adds to the demo data, bench:data to a database).
      INSERT INTO osm_places (id, "osmType", "osmId", tags, latitude, longitude, "contentHash", "serviceId", "updatedAt")
      SELECT gen_random_uuid(), (CASE WHEN b.n % 3 = 0 THEN 'way' ELSE 'node' END)::"OsmElementType", (SELECT coalesce(max("osmId"), 0) FROM osm_places) + b.n,
        jsonb_build_object('shop', CASE WHEN b.n % 2 = 0 THEN 'tyres' ELSE 'car_repair' END, 'name', s.name,
          'opening_hours', s."hoursText", 'phone', s."contactPhone1"),
        b.lat, b.lng, md5(b.n::text) || md5(s.name), b.id, now()
      FROM bench_service b JOIN services s ON s.id = b.id WHERE b.osm;
      INSERT INTO opening_hours (id, "serviceId", weekday, closed, "opensAt", "closesAt")
      SELECT gen_random_uuid(), s.id, d,
        CASE WHEN s.n % 10 = 0 THEN false ELSE d >= 6 AND s.n % 2 = 0 END,
        CASE WHEN s.n % 10 = 0 THEN 0 WHEN s.n % 7 = 0 THEN 1200 ELSE 540 END,
        CASE WHEN s.n % 10 = 0 THEN 1440 WHEN s.n % 7 = 0 THEN 120 ELSE 1080 END
      FROM bench_service s CROSS JOIN generate_series(1, 7) d WHERE NOT (s.osm AND s.n % 4 = 1);
      -- Dated exceptions as owners keep them: 1 in 50 closed on a day this week, 1 in 50 closed for
      -- a week around today, 1 in 100 with short hours today; 1 in 100 says live it is on a generator.
      INSERT INTO special_hours (id, "serviceId", "startsOn", "endsOn", closed, "opensAt", "closesAt", reason)
      SELECT gen_random_uuid(), s.id, current_date + (s.n % 7), current_date + (s.n % 7), true, 540, 1080, 'Holiday' FROM bench_service s WHERE s.n % 50 = 0 AND NOT s.osm
      UNION ALL
      SELECT gen_random_uuid(), s.id, current_date - 2, current_date + 4, true, 540, 1080, 'Renovation' FROM bench_service s WHERE s.n % 50 = 1 AND NOT s.osm
      UNION ALL
      SELECT gen_random_uuid(), s.id, current_date, current_date, false, 600, 840, 'Short day' FROM bench_service s WHERE s.n % 100 = 2 AND NOT s.osm;
      -- One in three keeps a price list of four jobs.
      INSERT INTO service_prices (id, "serviceId", job, "fromUah", position)
      SELECT gen_random_uuid(), s.id, j.job, 300 + (s.n * 37 + j.position * 101) % 900, j.position
      FROM bench_service s CROSS JOIN (VALUES ('tyre_r15', 0), ('tyre_r16', 1), ('oil_change', 2), ('diagnostics', 3)) AS j(job, position)
      WHERE s.n % 3 = 0 AND NOT s.osm;
      UPDATE services SET "pricesUpdatedAt" = now() WHERE id IN (SELECT id FROM bench_service WHERE n % 3 = 0 AND NOT osm);
      UPDATE services SET "liveState" = 'generator', "liveUpdatedAt" = now(), "liveUntil" = now() + interval '6 hours'
      WHERE id IN (SELECT id FROM bench_service WHERE n % 100 = 3);
      -- Half the masters on the go say how far they come (10 to 80 km).
      UPDATE services SET "serviceRadiusKm" = 10 + (n % 8) * 10 FROM bench_service b WHERE services.id = b.id AND services."isOnTheGo" AND b.n % 4 = 0;
      -- Reviewer k of service n is (7n + 131k) mod ${REVIEWERS}: distinct for k < 12, as the unique (user, service) pair requires.
      CREATE TEMP TABLE bench_reviewer ON COMMIT DROP AS
      SELECT gen_random_uuid() AS id, g - 1 AS n FROM generate_series(1, ${REVIEWERS}) g;
      -- Established reviewers (a year old, confirmed): their reviews count fully (weight 1, already weighed).
      INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "emailVerifiedAt", "createdAt", "updatedAt")
      SELECT id, 'Bench Reviewer ' || n, '${run}-r' || n || '@bench.local', '${run}-r' || n || '@bench.local', 'x', now(), now() - interval '1 year', now() FROM bench_reviewer;
      INSERT INTO reviews (id, "userId", "serviceId", quality, speed, price, avg, comment, "createdAt", "updatedAt", "weighedAt")
      SELECT gen_random_uuid(), r.id, v.id, v.q, v.sp, v.p, round(((v.q + v.sp + v.p) / 3.0)::numeric, 2)::float8,
        (ARRAY['', 'Швидко і якісно', 'Good work, fair price', 'Довго чекав, але зробили добре', 'Recommended', ''])[1 + (v.n + v.k) % 6],
        now() - v.k * interval '3 days', now(), now()
      FROM (
        SELECT s.id, s.n, k, 1 + floor(random() * 5)::int AS q, 1 + floor(random() * 5)::int AS sp, 1 + floor(random() * 5)::int AS p
        FROM bench_service s CROSS JOIN LATERAL generate_series(0, s.reviews - 1) k
      ) v JOIN bench_reviewer r ON r.n = (7 * v.n + 131 * v.k) % ${REVIEWERS};
      UPDATE services s SET "qualityAvg" = a.quality, "speedAvg" = a.speed, "priceAvg" = a.price, "ratingAvg" = a.avg, "numReviews" = a.count,
        "weightSum" = a.count, "fullReviews" = a.count
      FROM (SELECT "serviceId", avg(quality) AS quality, avg(speed) AS speed, avg(price) AS price, avg(avg) AS avg, count(*)::int AS count
            FROM reviews WHERE "serviceId" IN (SELECT id FROM bench_service) GROUP BY "serviceId") a
      WHERE s.id = a."serviceId";
    `);
    await db.sql.query(REFRESH_PRIOR_SQL);
    await db.sql.exec(REFRESH_ALL_SCORES_SQL);
  });
  await db.sql.exec("ANALYZE");
  console.log(
    `Generated ${count} services (${imported} imported from OpenStreetMap) with opening hours and reviews in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
});
