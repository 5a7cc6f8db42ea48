import { z } from "@/lib/zod";

/**
 * What the account routes answer, as zod schemas: the OpenAPI document (./openapi.ts) describes
 * them, the integration tests check every answer against them, and the TypeScript types of the
 * answers come from them, so the three cannot drift.
 */

const imagePath = z.string().meta({ description: "An upload's path, /api/uploads/{id}." });

/** The spec's User (section 3), as login, sign-up confirmation, password reset and profile updates answer it. */
export const publicUserAnswer = z
  .object({
    _id: z.uuid(),
    name: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
    isBlocked: z.boolean(),
    image: imagePath.nullable(),
  })
  .meta({ id: "User" });

/** One of the account's services as the client keeps it after sign-in. */
const ownServiceAnswer = z
  .object({
    _id: z.uuid(),
    name: z.string(),
    role: z.enum(["sto", "mechanic"]),
    ispaid: z.boolean(),
    isBlocked: z.boolean(),
    address: z.string(),
  })
  .meta({ id: "OwnService" });

/** What the client keeps after sign-in (spec §7 login response). */
export const accountStateAnswer = z.object({
  mechanic: ownServiceAnswer.nullable(),
  userStos: z.array(ownServiceAnswer).meta({ description: "The paid stations." }),
  stoForOrder: ownServiceAnswer.nullable().meta({ description: "The newest station still to be paid for." }),
});

export const signedInAnswer = z
  .object({ user: publicUserAnswer })
  .extend(accountStateAnswer.shape)
  .meta({ id: "SignedIn" });

/** The password was right and the second factor is on: the code goes to POST /api/users/login/totp. */
export const mfaRequiredAnswer = z.object({ mfaRequired: z.literal(true) }).meta({ id: "MfaRequired" });

/** The header's links and the feedback form's address, for a page served from the page cache. */
export const sessionViewAnswer = z
  .object({
    email: z.string(),
    imageUrl: imagePath.nullable(),
    isAdmin: z.boolean(),
    hasMechanicProfile: z.boolean(),
    ownsStations: z.boolean(),
  })
  .meta({ id: "SessionView" });

/**
 * What a page's client side knows of the signed-in visitor: the header's links (app/_shell/header-links.ts)
 * and the address the feedback form sends with.
 */
export type SessionView = z.infer<typeof sessionViewAnswer>;

export const profileUpdatedAnswer = publicUserAnswer.extend({
  emailPending: z.string().nullable().meta({ description: "The new address waiting for its link, if any." }),
  message: z.string(),
});

export const totpStartedAnswer = z.object({
  secret: z.string().meta({ description: "Base32, for typing into an authenticator by hand." }),
  otpauthUrl: z.string().meta({ description: "What the QR code shows." }),
});

export const recoveryCodesAnswer = z.object({
  recoveryCodes: z.array(z.string()).meta({ description: "Shown this once." }),
});

export const sessionsEndedAnswer = z.object({ ended: z.number().int().min(0) });

/** Every row kept about the viewer; the nested rows are the database's, listed whole. */
const rows = z.array(z.looseObject({}));
export const ownDataAnswer = z
  .object({
    exportedAt: z.iso.datetime(),
    profile: z.looseObject({ id: z.uuid(), name: z.string(), email: z.string(), image: imagePath.nullable() }),
    services: rows,
    reviews: rows,
    payments: rows,
    images: rows,
    requests: rows,
    messages: rows.meta({
      description: "The messages the viewer wrote in requests' threads (as a driver, or for their services).",
    }),
    saved: z.array(z.object({ serviceId: z.uuid(), name: z.string(), savedAt: z.iso.datetime() })),
    notifications: z
      .object({
        settings: z.looseObject({}).nullable(),
        telegram: z.looseObject({ chatId: z.string() }).nullable(),
        pushSubscriptions: rows,
        deliveries: rows,
      })
      .meta({
        description: "What the viewer chose to hear about, the chat and browsers linked, and what was sent there.",
      }),
  })
  .meta({ id: "OwnData" });
