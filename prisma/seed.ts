import { hash } from "@node-rs/argon2";

import { BRANDS, CATEGORIES, EXPERIENCE_OPTIONS, MAX_SERVICE_IMAGES, storedCategory } from "@/domain/service/fields";
import type { Timetable } from "@/domain/service/timetable-answer";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { demoScenes, sceneSvg, type Scene } from "@/features/catalog/illustrations/scenes";
import { timetableToRows } from "@/features/hours/timetable";
import demoOverpass from "@/features/osm/demo-overpass.json";
import { applyOverpassAnswer } from "@/features/osm/server/apply-answer";
import { PAYMENT } from "@/features/payments/fee";
import { computeAggregates, reviewAverage } from "@/features/reviews/rating";
import { REFRESH_ALL_SCORES_SQL, REFRESH_PRIOR_SQL } from "@/features/reviews/server/rating-sql";
import { processImage, storedImage, type Processed } from "@/features/uploads/server/image-pipeline";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { Category, ServiceRole } from "@/lib/generated/prisma/enums";
import { openSecret, sealSecret } from "@/lib/security/secret-box";

import { DEMO_ACCOUNTS, DEMO_ADMIN_TOTP_SECRET } from "./demo-accounts";
import {
  CATEGORY_BY_NAME,
  CITIES,
  DESCRIPTIONS,
  MECHANIC_NAMES,
  REVIEW_COMMENTS,
  REVIEWER_NAMES,
  STATION_NAMES,
} from "./seed-data";
import { seedDemoRequests } from "./seed-requests";

/**
 * Demo data for local use: four demo accounts, reviewers, about 60 stations and masters across
 * Ukrainian cities with hours, illustrated photos (some with a gallery) and reviews.
 * Deterministic, and idempotent: users are upserted, services are found by owner and name,
 * reviews by (user, service).
 */

const ARGON2ID = 2;

/** Deterministic PRNG (mulberry32), so every machine gets the same demo data. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

export async function isDatabaseEmpty(prisma: PrismaClient): Promise<boolean> {
  return (await prisma.user.count()) === 0 && (await prisma.service.count()) === 0;
}

type SeedUser = { id: string };

async function upsertUser(
  prisma: PrismaClient,
  input: { name: string; email: string; passwordHash: string; isAdmin?: boolean },
): Promise<SeedUser> {
  const emailNormalized = input.email.toLowerCase();
  return prisma.user.upsert({
    where: { emailNormalized },
    update: {},
    create: {
      name: input.name,
      email: input.email,
      emailNormalized,
      passwordHash: input.passwordHash,
      isAdmin: input.isAdmin ?? false,
      emailVerifiedAt: new Date("2026-01-01T00:00:00Z"),
      // Established accounts: their reviews count fully (features/reviews/weight.ts).
      createdAt: new Date("2026-01-01T00:00:00Z"),
    },
    select: { id: true },
  });
}

/**
 * Admins need two-step verification on (features/accounts/server/guards.ts): the demo admin has it,
 * with the documented key. A database seeded before keeps what it has, unless its admin has none yet
 * or the key no longer opens (another APP_SECRET).
 */
async function enableDemoAdminTotp(prisma: PrismaClient, userId: string): Promise<void> {
  const admin = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecret: true } });
  if (admin.totpSecret && openSecret(admin.totpSecret)) return;
  await prisma.user.update({
    where: { id: userId },
    data: { totpSecret: sealSecret(DEMO_ADMIN_TOTP_SECRET), totpEnabledAt: new Date("2026-01-01T00:00:00Z") },
  });
}

/**
 * The demo illustrations (lib/illustrations) go through the upload pipeline like any photo, each
 * different scene once: processing starts as soon as a scene is asked for and runs on sharp's
 * threads while the database is written. A scene is stored once, as nobody's upload, and shown by
 * every service it belongs to; nobody can add it to another service (only one's own uploads).
 */
function demoPictures() {
  const processed = new Map<string, Promise<Processed>>();
  const stored = new Map<string, string>();
  function prepare(scene: Scene): Promise<Processed> {
    const key = JSON.stringify(scene);
    let picture = processed.get(key);
    if (!picture) {
      picture = processImage(Buffer.from(sceneSvg(scene)));
      // Awaited later; a failure must not end the process as an unhandled rejection meanwhile.
      picture.catch(() => undefined);
      processed.set(key, picture);
    }
    return picture;
  }
  /** The image ids of the scenes, creating the rows not stored yet; `commit` records them once the transaction has. */
  async function store(tx: Prisma.TransactionClient, scenes: Scene[]) {
    const created = new Map<string, string>();
    const ids: string[] = [];
    for (const scene of scenes) {
      const key = JSON.stringify(scene);
      let id = stored.get(key) ?? created.get(key);
      if (!id) {
        id = (await tx.image.create({ data: storedImage(await prepare(scene), null), select: { id: true } })).id;
        created.set(key, id);
      }
      ids.push(id);
    }
    return { ids, commit: () => created.forEach((id, key) => stored.set(key, id)) };
  }
  return { prepare, store };
}

/** Every fifth station and every seventh master show a gallery of 3 to 6 photos. */
function photoCount(listing: Listing): number {
  const gallery = listing.role === "sto" ? listing.index % 5 === 0 : listing.index % 7 === 0;
  return gallery ? Math.min(MAX_SERVICE_IMAGES, 3 + (listing.index % 4)) : 1;
}

function timetableFor(random: ReturnType<typeof prng>, isOnTheGo: boolean): Timetable {
  const kind = isOnTheGo
    ? random.pick(["always", "late", "default"])
    : random.pick(["default", "default", "saturday", "always", "late", "early"]);
  const day = (opening: string, closing: string, closed = false) => ({ closed, opening, closing });
  switch (kind) {
    case "always":
      return Object.fromEntries(Object.keys(DEFAULT_TIMETABLE).map((d) => [d, day("00:00", "24:00")])) as Timetable;
    // Late, not past midnight: the form refuses a closing before the opening (spec), and an owner must be able to save their demo service.
    case "late":
      return {
        ...DEFAULT_TIMETABLE,
        friday: day("12:00", "23:30"),
        saturday: day("12:00", "23:30"),
        sunday: day("10:00", "16:00", true),
      };
    case "saturday":
      return { ...DEFAULT_TIMETABLE, saturday: day("10:00", "16:00") };
    case "early":
      return Object.fromEntries(
        Object.keys(DEFAULT_TIMETABLE).map((d) => [d, day("07:00", "21:00", d === "sunday")]),
      ) as Timetable;
    default:
      return DEFAULT_TIMETABLE;
  }
}

function phone(random: ReturnType<typeof prng>): string {
  const operator = random.pick(["050", "063", "066", "067", "068", "073", "093", "095", "096", "097", "098", "099"]);
  return `+38${operator}${random.int(100, 999)}${random.int(1000, 9999)}`;
}

function slug(text: string, index: number): string {
  const latin = text.toLowerCase().replace(/[^a-z0-9]+/g, "");
  return latin.length >= 3 ? latin : `service${index + 1}`;
}

type Plan = {
  index: number;
  role: ServiceRole;
  ownerId: string;
  name: string;
  isPaid: boolean;
  isBlocked: boolean;
};

type Listing = Pick<Plan, "index" | "role" | "name">;

/** The services to seed, in index order (stations, then masters). */
const LISTINGS: Listing[] = [
  ...STATION_NAMES.map((name, index) => ({ index, role: "sto" as const, name })),
  ...MECHANIC_NAMES.map((name, index) => ({ index: STATION_NAMES.length + index, role: "mechanic" as const, name })),
];

/**
 * What a service is, from the first draws of its own random sequence: whether it comes to you and
 * its category (which the pictures show). The sequence goes on with the rest of its fields.
 */
function firstDraws(listing: Listing) {
  const local = prng(1000 + listing.index);
  const isOnTheGo = listing.role === "mechanic" && local.chance(0.6);
  const named: Category = /Truck|Bus/i.test(listing.name)
    ? /Bus/.test(listing.name)
      ? "buses"
      : "trucks"
    : /Агро/.test(listing.name)
      ? "agriculturalmachinery"
      : /Спецтехн/.test(listing.name)
        ? "specialmachinery"
        : /Camper/.test(listing.name)
          ? "motorhomes"
          : local.pick(["any", "cars", "cars", "cars"] as const satisfies readonly (typeof CATEGORIES)[number][]);
  const category = CATEGORY_BY_NAME[listing.name] ?? named;
  return { local, isOnTheGo, category, scenes: demoScenes(listing.index, category, isOnTheGo, photoCount(listing)) };
}

/** Seeds (or completes) the demo data; returns a one-line summary. */
export async function seedDemoData(prisma: PrismaClient): Promise<string> {
  // Hashing and the pictures share libuv's thread pool: the hashes, needed first, are queued first,
  // then the pictures of the services not there yet, which are made while the database is written.
  const hashes = Promise.all(
    [...DEMO_ACCOUNTS.map((account) => account.password), "Demo1234!"].map((password) =>
      hash(password, { algorithm: ARGON2ID }),
    ),
  );
  const pictures = demoPictures();
  const present = new Set(
    (
      await prisma.service.findMany({
        where: { name: { in: LISTINGS.map((listing) => listing.name) } },
        select: { name: true },
      })
    ).map((row) => row.name),
  );
  const draws = LISTINGS.map((listing) => {
    const drawn = firstDraws(listing);
    if (!present.has(listing.name)) drawn.scenes.forEach(pictures.prepare);
    return drawn;
  });

  const demoHashes = await hashes;
  const sharedHash = demoHashes.at(-1)!;

  const demo = Object.fromEntries(
    await Promise.all(
      DEMO_ACCOUNTS.map(async (account, index) => [
        account.key,
        await upsertUser(prisma, {
          name: account.name,
          email: account.email,
          passwordHash: demoHashes[index]!,
          isAdmin: account.isAdmin,
        }),
      ]),
    ),
  ) as Record<(typeof DEMO_ACCOUNTS)[number]["key"], SeedUser>;
  await enableDemoAdminTotp(prisma, demo.admin.id);

  const reviewers: SeedUser[] = [];
  for (const [index, name] of REVIEWER_NAMES.entries()) {
    reviewers.push(
      await upsertUser(prisma, { name, email: `reviewer${index + 1}@maister.local`, passwordHash: sharedHash }),
    );
  }
  const stationOwners: SeedUser[] = [demo.owner];
  for (let index = 0; index < 6; index++) {
    stationOwners.push(
      await upsertUser(prisma, {
        name: `Station Owner ${index + 1}`,
        email: `station${index + 1}@maister.local`,
        passwordHash: sharedHash,
      }),
    );
  }
  const mechanicUsers: SeedUser[] = [demo.mechanic];
  for (const [index, name] of MECHANIC_NAMES.slice(1).entries()) {
    mechanicUsers.push(
      await upsertUser(prisma, { name, email: `master${index + 1}@maister.local`, passwordHash: sharedHash }),
    );
  }

  const plans: Plan[] = LISTINGS.map((listing) =>
    listing.role === "sto"
      ? {
          ...listing,
          ownerId:
            listing.index < 5 ? demo.owner.id : stationOwners[1 + (listing.index % (stationOwners.length - 1))]!.id,
          // One unpaid order (never public) and one blocked station, so moderation has something to show.
          isPaid: listing.index !== 4,
          isBlocked: listing.index === STATION_NAMES.length - 1,
        }
      : {
          ...listing,
          ownerId: mechanicUsers[listing.index - STATION_NAMES.length]!.id,
          isPaid: false,
          isBlocked: false,
        },
  );

  let created = 0;
  for (const plan of plans) {
    const { local, isOnTheGo, category, scenes } = draws[plan.index]!;
    const city = CITIES[plan.index % CITIES.length]!;
    const existing = await prisma.service.findFirst({
      where: { ownerId: plan.ownerId, name: plan.name },
      select: { id: true },
    });
    if (existing) continue;
    await Promise.all(scenes.map(pictures.prepare));
    const web = slug(plan.name, plan.index);
    const hours = timetableToRows(timetableFor(local, isOnTheGo));
    const stored = await prisma.$transaction(async (tx) => {
      const stored = await pictures.store(tx, scenes);
      const service = await tx.service.create({
        data: {
          role: plan.role,
          ownerId: plan.ownerId,
          mechanicOwnerId: plan.role === "mechanic" ? plan.ownerId : null,
          name: plan.name,
          imageId: stored.ids[0]!,
          images: { create: stored.ids.map((imageId, position) => ({ imageId, position })) },
          description: local.pick(DESCRIPTIONS),
          // Its pictures show a trailer; trailers are filed as trucks (spec).
          category: storedCategory(category),
          brand: local.chance(0.5) ? "Any" : local.pick(BRANDS),
          experience: local.pick(EXPERIENCE_OPTIONS),
          isOnTheGo,
          // Not drawn from the generator, so every other demo value stays as it was.
          serviceRadiusKm: isOnTheGo ? [30, 50, 80][plan.index % 3]! : null,
          isBlocked: plan.isBlocked,
          isPaid: plan.isPaid,
          paidAt: plan.isPaid ? new Date("2026-06-01T10:00:00Z") : null,
          contactPhone1: phone(local),
          contactPhone2: local.chance(0.4) ? phone(local) : "",
          contactMail: `${web}@maister.local`,
          website: local.chance(0.5) ? `https://${web}.com.ua` : "",
          facebook: local.chance(0.4) ? `https://www.facebook.com/${web}` : "",
          instagram: local.chance(0.4) ? `https://www.instagram.com/${web}` : "",
          latitude: Number((city.lat + (local.next() - 0.5) * 0.08).toFixed(6)),
          longitude: Number((city.lng + (local.next() - 0.5) * 0.12).toFixed(6)),
          address: `${local.pick(city.streets)}, ${local.int(1, 180)}, ${city.uk}`,
          openingHours: { create: hours },
        },
        select: { id: true },
      });
      // Every other listing keeps a price list (fixed amounts, not drawn: the other demo values stay),
      // and so does every one in Kyiv, so a search for tyres or towing there finds some; two Kyiv
      // stations add their own line for a tow truck.
      if (plan.index % 2 === 0 || city.en === "Kyiv") {
        const base = 100 * (4 + (plan.index % 5));
        const lines = [
          { job: "tyre_r15", fromUah: base + 100, label: "" },
          { job: "tyre_r16", fromUah: base + 200, label: "" },
          { job: "oil_change", fromUah: base, label: "" },
          { job: "diagnostics", fromUah: base + 50, label: "" },
          ...(city.en === "Kyiv" && plan.role === "sto" && plan.index % 20 === 1
            ? [{ job: "custom", fromUah: 1500, label: "Евакуатор по Києву" }]
            : []),
        ];
        await tx.servicePrice.createMany({
          data: lines.map((line, position) => ({ ...line, serviceId: service.id, position })),
        });
        await tx.service.update({
          where: { id: service.id },
          data: { pricesUpdatedAt: new Date("2026-11-01T10:00:00Z") },
        });
      }
      if (plan.isPaid) {
        await tx.payment.create({
          data: {
            serviceId: service.id,
            userId: plan.ownerId,
            serviceName: plan.name,
            payerEmail: `${web}@maister.local`,
            amount: PAYMENT.total,
            currency: PAYMENT.currency,
            provider: "test",
            requestId: `seed-${service.id}`,
            status: "captured",
            capturedAt: new Date("2026-06-01T10:00:00Z"),
          },
        });
      }
      return stored;
    });
    stored.commit();
    created++;
  }

  // The owners' listings: the imported places, added after, have no demo reviews.
  const services = await prisma.service.findMany({
    where: { source: "owner" },
    select: { id: true, ownerId: true, name: true },
    orderBy: { name: "asc" },
  });
  for (const [index, service] of services.entries()) {
    const local = prng(5000 + index);
    const count = local.int(0, 6);
    const authors = reviewers.filter((reviewer) => reviewer.id !== service.ownerId).slice(0, count);
    for (const [n, author] of authors.entries()) {
      const quality = local.int(3, 5);
      const speed = local.int(2, 5);
      const price = local.int(2, 5);
      await prisma.review.upsert({
        where: { userId_serviceId: { userId: author.id, serviceId: service.id } },
        update: {},
        create: {
          userId: author.id,
          serviceId: service.id,
          quality,
          speed,
          price,
          avg: reviewAverage({ quality, speed, price }),
          comment: local.pick(REVIEW_COMMENTS),
          createdAt: new Date(Date.UTC(2026, 6 + (n % 4), 1 + local.int(0, 27), local.int(8, 19))),
          // Weighed already: the demo's reviewers are established, so each counts fully (weight 1).
          weighedAt: new Date(),
        },
        select: { id: true },
      });
    }
    const all = await prisma.review.findMany({
      where: { serviceId: service.id },
      select: { quality: true, speed: true, price: true, weight: true },
    });
    await prisma.service.update({ where: { id: service.id }, data: computeAggregates(all) });
  }

  // Places "imported" from OpenStreetMap (a saved Overpass answer), unclaimed beside the owners'
  // listings; one duplicates the demo station AutoMaster and is linked to it. Once: a later seed
  // leaves the layer to the real imports.
  const imported = (await prisma.osmPlace.count()) === 0 ? await importDemoOverpass(prisma) : null;

  // Drivers' requests for a price to a few services, so their response figures show (prisma/seed-requests.ts).
  const requests = await seedDemoRequests(prisma, {
    drivers: reviewers,
    demoAccountIds: Object.values(demo).map((user) => user.id),
    random: prng,
  });

  // The ranking's prior is the mean of all services: once they all have their reviews.
  await prisma.$queryRawUnsafe(REFRESH_PRIOR_SQL);
  await prisma.$executeRawUnsafe(REFRESH_ALL_SCORES_SQL);

  const [users, total, reviews] = await Promise.all([
    prisma.user.count(),
    prisma.service.count(),
    prisma.review.count(),
  ]);
  const osm = imported ? `, ${imported.added} imported from OpenStreetMap (${imported.linked} linked)` : "";
  return `${users} users, ${total} services (${created} new)${osm}, ${reviews} reviews, ${requests} requests for a price`;
}

/** The demo Overpass answer through the import itself, as `npm run osm:import -- file` would. */
async function importDemoOverpass(prisma: PrismaClient) {
  return applyOverpassAnswer(demoOverpass, { trigger: "seed", origin: "features/osm/demo-overpass.json", prisma });
}
