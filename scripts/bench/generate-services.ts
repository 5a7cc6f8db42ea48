// Fills the database in DATABASE_URL (or the embedded one) with N generated published services,
// their opening hours and owners, for benchmarks: npx tsx scripts/bench/generate-services.ts 100000
// Runs in SQL (generate_series), so 100,000 services take seconds, not minutes.
import { applyMigrations } from "@/lib/db/migrations";
import { runDbCommand } from "../db/run";

const count = Number(process.argv[2] ?? 100_000);
if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
  console.error("Usage: generate-services.ts <count 1..2000000>");
  process.exit(2);
}

await runDbCommand(async (db) => {
  await applyMigrations(db.sql);
  const started = Date.now();
  const run = `bench${Date.now().toString(36)}`;
  await db.sql.transaction(async () => {
    await db.sql.exec(`
      CREATE TEMP TABLE bench_owner ON COMMIT DROP AS
      SELECT gen_random_uuid() AS id, g AS n FROM generate_series(1, ${count}) g;
      INSERT INTO users (id, name, email, "emailNormalized", "passwordHash", "emailVerifiedAt", "updatedAt")
      SELECT id, 'Bench Owner ' || n, '${run}-' || n || '@bench.local', '${run}-' || n || '@bench.local', 'x', now(), now() FROM bench_owner;
      CREATE TEMP TABLE bench_service ON COMMIT DROP AS
      SELECT gen_random_uuid() AS id, o.id AS owner, o.n,
        CASE WHEN o.n % 3 = 0 THEN 'mechanic' ELSE 'sto' END AS role,
        44.5 + random() * 7.5 AS lat, 22.5 + random() * 17.5 AS lng,
        round((1 + random() * 4)::numeric, 2)::float8 AS q, round((1 + random() * 4)::numeric, 2)::float8 AS s, round((1 + random() * 4)::numeric, 2)::float8 AS p,
        (random() * 40)::int AS reviews
      FROM bench_owner o;
      INSERT INTO services (id, role, "ownerId", "mechanicOwnerId", name, description, brand, "isOnTheGo", "isPaid", "contactPhone1", "contactMail",
        latitude, longitude, address, "qualityAvg", "speedAvg", "priceAvg", "ratingAvg", "numReviews", "updatedAt")
      SELECT id, role::"ServiceRole", owner, CASE WHEN role = 'mechanic' THEN owner END,
        (ARRAY['Авто','Auto','СТО','Garage','Мотор','Service','Майстер','Diesel'])[1 + n % 8] || ' ' || (ARRAY['Центр','Pro','Плюс','Expert','Сервіс','Lab','Гараж','Fix'])[1 + (n / 8) % 8] || ' ' || n,
        'Ремонт і обслуговування автомобілів, діагностика, шиномонтаж',
        (ARRAY['Any','Audi','Bmw','Ford','Skoda','Toyota','Volkswagen','Renault'])[1 + n % 8],
        role = 'mechanic' AND n % 2 = 0, role = 'sto', '067 123 ' || lpad((n % 10000)::text, 4, '0'), 'svc' || n || '@bench.local',
        lat, lng, 'вул. Тестова, ' || (n % 200 + 1) || ', Україна', q, s, p, round(((q + s + p) / 3)::numeric, 2)::float8, reviews, now()
      FROM bench_service;
      INSERT INTO opening_hours (id, "serviceId", weekday, closed, "opensAt", "closesAt")
      SELECT gen_random_uuid(), s.id, d,
        CASE WHEN s.n % 10 = 0 THEN false ELSE d >= 6 AND s.n % 2 = 0 END,
        CASE WHEN s.n % 10 = 0 THEN 0 WHEN s.n % 7 = 0 THEN 1200 ELSE 540 END,
        CASE WHEN s.n % 10 = 0 THEN 1440 WHEN s.n % 7 = 0 THEN 120 ELSE 1080 END
      FROM bench_service s CROSS JOIN generate_series(1, 7) d;
    `);
  });
  await db.sql.exec("ANALYZE");
  console.log(`Generated ${count} services with opening hours in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
});
