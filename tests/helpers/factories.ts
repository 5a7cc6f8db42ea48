import { type StoredCategory } from "@/domain/service/fields";
import type { Timetable } from "@/domain/service/timetable-answer";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { hashPassword } from "@/features/accounts/server/passwords";
import { timetableToRows } from "@/features/hours/timetable";
import { SCORE_ASSIGNMENTS } from "@/features/reviews/server/rating-sql";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";
import { sealSecret } from "@/lib/security/secret-box";

let counter = 0;

export const TEST_PASSWORD = "Test1234!";
/** The authenticator secret of the test users made with the second factor on (admins by default). */
export const TEST_TOTP_SECRET = "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU";

export async function makeUser(
  overrides: {
    name?: string;
    email?: string;
    isAdmin?: boolean;
    isBlocked?: boolean;
    confirmed?: boolean;
    password?: string;
    /** The second factor on, with TEST_TOTP_SECRET: by default for admins, who need it (guards.ts). */
    mfa?: boolean;
  } = {},
) {
  const prisma = await getPrisma();
  counter++;
  const email = overrides.email ?? `user${counter}-${Date.now()}@test.local`;
  return prisma.user.create({
    data: {
      name: overrides.name ?? `Test User ${counter}`,
      email,
      emailNormalized: email.toLowerCase(),
      passwordHash: await hashPassword(overrides.password ?? TEST_PASSWORD),
      isAdmin: overrides.isAdmin ?? false,
      isBlocked: overrides.isBlocked ?? false,
      emailVerifiedAt: overrides.confirmed === false ? null : new Date(),
      ...((overrides.mfa ?? overrides.isAdmin)
        ? { totpSecret: sealSecret(TEST_TOTP_SECRET), totpEnabledAt: new Date() }
        : {}),
    },
  });
}

type ServiceInput = {
  name?: string;
  role?: "sto" | "mechanic";
  ownerId?: string;
  isPaid?: boolean;
  isBlocked?: boolean;
  isOnTheGo?: boolean;
  lat?: number;
  lng?: number;
  address?: string;
  description?: string;
  brand?: string;
  category?: StoredCategory;
  timeZone?: string;
  timetable?: Timetable;
  ratings?: Partial<Record<"ratingAvg" | "qualityAvg" | "speedAvg" | "priceAvg" | "numReviews", number>>;
};

export async function makeService(input: ServiceInput = {}) {
  const prisma = await getPrisma();
  counter++;
  const role = input.role ?? "sto";
  const ownerId = input.ownerId ?? (await makeUser()).id;
  // Written past the data layer, so it drops the kept public reads as the data layer's writes do.
  return changingCatalog(async () => {
    const service = await prisma.service.create({
      data: {
        role,
        ownerId,
        mechanicOwnerId: role === "mechanic" ? ownerId : null,
        name: input.name ?? `Service ${counter}`,
        contactMail: `service${counter}@test.local`,
        latitude: input.lat ?? 49.23,
        longitude: input.lng ?? 28.47,
        address: input.address ?? "вул. Тестова, 1, Вінниця",
        description: input.description ?? "",
        brand: input.brand ?? "Any",
        category: input.category ?? "any",
        isPaid: input.isPaid ?? role === "sto",
        isBlocked: input.isBlocked ?? false,
        isOnTheGo: input.isOnTheGo ?? false,
        timeZone: input.timeZone ?? "Europe/Kyiv",
        ...input.ratings,
        // Given reviews count fully (weight 1 each), as established reviewers' would.
        weightSum: input.ratings?.numReviews ?? 0,
        fullReviews: input.ratings?.numReviews ?? 0,
        openingHours: { create: timetableToRows(input.timetable ?? DEFAULT_TIMETABLE) },
      },
    });
    // Given averages get their scores as a review write would (features/reviews/server/rating-sql.ts).
    if (input.ratings)
      await prisma.$executeRawUnsafe(
        `UPDATE services s SET ${SCORE_ASSIGNMENTS} FROM rating_priors p WHERE p.id = 1 AND s.id = $1::uuid`,
        service.id,
      );
    return service;
  });
}
