import "server-only";

import type { Locale } from "next-intl";

import { imageIdOf, imageUrl } from "@/domain/service/images";
import {
  deleteAccountInput,
  emailChangeConfirmInput,
  profileInput,
  type ProfileInput,
} from "@/features/accounts/schema";
import { localePath, notifyAccount } from "@/features/accounts/server/account-mail";
import { ACCOUNT_MAIL_FLOOR_MS } from "@/features/accounts/server/accounts";
import { consumeToken, issueToken, peekToken } from "@/features/accounts/server/email-tokens";
import { requireAccess } from "@/features/accounts/server/guards";
import { assertUncommonPassword, hashPassword, proveOwnership } from "@/features/accounts/server/passwords";
import { toPublicUser, type PublicUser } from "@/features/accounts/server/public-user";
import {
  createSession,
  endAllSessions,
  forThisVisitor,
  type NewSession,
  type Viewer,
} from "@/features/accounts/server/session";
import { orderedImages } from "@/features/listings/server/service-images";
import { changingCatalog } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/server";
import { AppError, BadRequestError, isUniqueViolation } from "@/lib/http/errors";
import { parseOrThrow } from "@/lib/http/validate";
import { writeAudit } from "@/lib/security/audit-log";
import { take } from "@/lib/security/rate-limit";
import { recordSecurityEvent } from "@/lib/security/security-log";
import { steadyTiming } from "@/lib/security/steady-timing";

import { removeAccount } from "./account-removal";

/** The account's owner acting on it (/profile): changes, sign-out everywhere, deletion, export. */

export type ProfileUpdate = { user: PublicUser; session: NewSession | null; emailPending: string | null };

/**
 * PUT /api/users/profile. The name and the picture change at once; the picture must be one the
 * user uploaded (or "" / null to remove it). A new password (current one required) ends
 * every session and starts a new one for this browser. A new e-mail (current password required)
 * takes effect only when the link sent to it is opened; the old address is told at once. Whether
 * the new address already has an account does not show: the answer, its time and the limits are
 * the same, and that account's owner is told of the attempt instead of being sent a link. The link
 * is in `locale`, the language of the page it was asked from; the notices to the account's own
 * address stay in the account's language (they warn its owner, who may not be the one asking).
 */
export async function updateProfile(
  viewer: Viewer | null,
  body: unknown,
  userAgent: string | null,
  locale: Locale,
): Promise<ProfileUpdate> {
  requireAccess(viewer, "signedIn");
  const input = parseOrThrow(profileInput, body);
  const prisma = await getPrisma();
  const current = await prisma.user.findUniqueOrThrow({ where: { id: viewer.id } });
  const newEmail =
    input.email !== undefined && input.email.toLowerCase() !== current.emailNormalized ? input.email : null;
  const newPassword = input.password || null;
  if (newEmail || newPassword) await proveOwnership(current.id, current.passwordHash, input.currentPassword);
  if (newPassword) assertUncommonPassword(newPassword, "password", [current.email, newEmail]);
  if (newEmail) {
    // Counted before the address is looked up: a taken address costs a prober as much as a free one.
    await take("emailChangeAccount", current.id);
    await take("emailChangeMail", newEmail.toLowerCase());
  }
  return steadyTiming(newEmail ? ACCOUNT_MAIL_FLOOR_MS : 0, () =>
    applyProfileUpdate(current, input, newEmail, newPassword, userAgent, viewer.sessionMfa, locale),
  );
}

async function applyProfileUpdate(
  current: { id: string; email: string; imageId: string | null },
  input: ProfileInput,
  newEmail: string | null,
  newPassword: string | null,
  userAgent: string | null,
  sessionMfa: boolean,
  locale: Locale,
): Promise<ProfileUpdate> {
  const prisma = await getPrisma();
  const holder = newEmail
    ? await prisma.user.findUnique({
        where: { emailNormalized: newEmail.toLowerCase() },
        select: { id: true, email: true, name: true, locale: true },
      })
    : null;
  const passwordHash = newPassword ? await hashPassword(newPassword) : undefined;
  const imageId = input.image === undefined ? undefined : input.image ? imageIdOf(input.image) : null;
  // The name is shown with the user's reviews on service pages.
  const { user, session, token } = await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      if (
        imageId &&
        imageId !== current.imageId &&
        !(await tx.image.count({ where: { id: imageId, ownerId: current.id } }))
      ) {
        throw new BadRequestError({ image: "Validation.imageForeign" });
      }
      const user = await tx.user.update({
        where: { id: current.id },
        data: { name: input.name, passwordHash, imageId },
      });
      let session: NewSession | null = null;
      if (passwordHash) {
        await endAllSessions(user.id, tx, "passwordChanged");
        await recordSecurityEvent("password.changed", { userId: user.id }, tx);
        // Links mailed before (a reset, an e-mail change someone else asked for) would undo the lock-out.
        await tx.emailToken.deleteMany({ where: { userId: user.id } });
        // The new session of this browser keeps what the old one proved (an admin stays one).
        session = await createSession(user.id, userAgent, tx, { mfa: sessionMfa });
      }
      // A taken address gets no link; earlier links die all the same, as with any new request.
      if (holder) await tx.emailToken.deleteMany({ where: { userId: user.id, purpose: "change_email" } });
      const token = newEmail && !holder ? await issueToken(tx, user.id, "change_email", newEmail) : null;
      return { user, session, token };
    }),
  );
  if (passwordHash)
    await notifyAccount(
      user.id,
      "passwordChanged",
      user.email,
      user.locale,
      { name: user.name },
      localePath(user.locale, "/forgot-password"),
    );
  if (newEmail && holder)
    await notifyAccount(holder.id, "emailChangeTaken", holder.email, holder.locale, { name: holder.name });
  if (newEmail && token) {
    await notifyAccount(
      user.id,
      "emailChange",
      newEmail,
      locale,
      { name: user.name },
      localePath(locale, `/confirm-email-change?token=${token}`),
    );
  }
  if (newEmail) {
    await recordSecurityEvent("email.changeRequested", {
      userId: user.id,
      details: { to: newEmail, addressTaken: Boolean(holder) },
    });
    await notifyAccount(
      user.id,
      "emailChangeNotice",
      user.email,
      user.locale,
      { name: user.name, email: newEmail },
      localePath(user.locale, "/forgot-password"),
    );
  }
  return { user: toPublicUser(user), session, emailPending: newEmail };
}

/**
 * POST /api/users/profile/email/confirm: the link sent to the new address, opened by the account's
 * owner, who proves it with the account's password or by being signed in to that account here
 * (the link alone proves the new mailbox, not whose account moves to it). The address changes (if
 * nobody took it meanwhile), every session ends, and the old address gets a last notice. A wrong
 * password leaves the link usable and counts against the account like one on /profile.
 */
export async function confirmEmailChange(
  viewer: Viewer | null,
  body: unknown,
): Promise<{ message: string; userId: string }> {
  const { token, currentPassword } = parseOrThrow(emailChangeConfirmInput, body, "Auth.emailChangeInvalid");
  const prisma = await getPrisma();
  const pending = await peekToken(prisma, token, "change_email");
  if (!pending) throw new AppError(400, "Auth.emailChangeInvalid");
  if (viewer?.id !== pending.userId) {
    const owner = await prisma.user.findUniqueOrThrow({
      where: { id: pending.userId },
      select: { passwordHash: true },
    });
    await proveOwnership(pending.userId, owner.passwordHash, currentPassword);
  }
  const { before, user } = await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const { userId, email } = await consumeToken(tx, token, "change_email", "Auth.emailChangeInvalid");
      if (!email) throw new AppError(400, "Auth.emailChangeInvalid");
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
      const taken = await tx.user.findUnique({ where: { emailNormalized: email.toLowerCase() }, select: { id: true } });
      if (taken) throw new BadRequestError({ email: "Auth.emailTaken" }, "Auth.emailTaken");
      const user = await tx.user.update({
        where: { id: userId },
        data: { email, emailNormalized: email.toLowerCase() },
      });
      await endAllSessions(userId, tx, "emailChanged");
      // Reset links went to the old address, which may be why it is being left.
      await tx.emailToken.deleteMany({ where: { userId } });
      return { before, user };
    }),
  ).catch((error: unknown) => {
    // Taken between the check and the update (two accounts confirming one address at once, or a
    // sign-up): the unique index decides, and the loser hears the same 400 as above.
    if (isUniqueViolation(error)) throw new BadRequestError({ email: "Auth.emailTaken" }, "Auth.emailTaken");
    throw error;
  });
  await recordSecurityEvent("email.changed", { userId: user.id, details: { from: before.email, to: user.email } });
  await notifyAccount(user.id, "emailChanged", before.email, user.locale, { name: user.name, email: user.email });
  return { message: "Profile.emailChanged", userId: user.id };
}

/** Whether this browser is signed in to the account a change link is for: its page then asks for no password. */
export async function signedInToChangingAccount(token: string): Promise<boolean> {
  const signedIn = await forThisVisitor(async (viewer) => {
    if (!viewer) return false;
    const pending = await peekToken(await getPrisma(), token, "change_email");
    return pending?.userId === viewer.id;
  });
  return signedIn === true;
}

/** POST /api/users/sessions/end-all: "sign out everywhere", this browser included. */
export async function signOutEverywhere(viewer: Viewer | null): Promise<{ ended: number }> {
  requireAccess(viewer, "signedIn");
  return { ended: await endAllSessions(viewer.id, undefined, "signOutEverywhere") };
}

/** DELETE /api/users/profile with the current password: see removeAccount() for what stays. */
export async function deleteOwnAccount(viewer: Viewer | null, body: unknown): Promise<{ message: string }> {
  requireAccess(viewer, "signedIn");
  const { currentPassword } = parseOrThrow(deleteAccountInput, body);
  const prisma = await getPrisma();
  const current = await prisma.user.findUniqueOrThrow({
    where: { id: viewer.id },
    select: { id: true, email: true, passwordHash: true },
  });
  await proveOwnership(current.id, current.passwordHash, currentPassword);
  await changingCatalog(() =>
    prisma.$transaction(async (tx) => {
      const removal = await removeAccount(tx, current.id);
      await writeAudit(tx, null, "user.selfDelete", "user", current.id, { email: current.email, ...removal });
    }),
  );
  return { message: "Profile.deleted" };
}

/** GET /api/users/profile/export: everything kept about the viewer, as JSON; no hashes, no tokens. */
export async function exportOwnData(viewer: Viewer | null) {
  requireAccess(viewer, "signedIn");
  const prisma = await getPrisma();
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: viewer.id },
    select: {
      id: true,
      name: true,
      email: true,
      locale: true,
      isAdmin: true,
      emailVerifiedAt: true,
      createdAt: true,
      imageId: true,
      services: {
        include: { openingHours: { orderBy: { weekday: "asc" } }, images: orderedImages },
        orderBy: { createdAt: "asc" },
      },
      reviews: { include: { service: { select: { name: true } } }, orderBy: { createdAt: "asc" } },
      payments: {
        select: {
          id: true,
          serviceId: true,
          serviceName: true,
          amount: true,
          currency: true,
          provider: true,
          status: true,
          createdAt: true,
          capturedAt: true,
        },
        orderBy: { createdAt: "asc" },
      },
      feedback: { select: { title: true, message: true, email: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      sessions: {
        select: { createdAt: true, lastSeenAt: true, expiresAt: true, userAgent: true },
        orderBy: { createdAt: "asc" },
      },
      ownImages: { select: { id: true, contentType: true, size: true, createdAt: true } },
      lastCar: true,
      // What they chose to hear about, the chat and browsers they linked, what was sent there.
      notificationSettings: {
        select: { channels: true, events: true, quietFrom: true, quietTo: true, updatedAt: true },
      },
      telegramLink: { select: { chatId: true, username: true, linkedAt: true } },
      pushSubscriptions: { select: { endpoint: true, createdAt: true }, orderBy: { createdAt: "asc" } },
      notificationDeliveries: {
        select: {
          channel: true,
          kind: true,
          title: true,
          body: true,
          url: true,
          status: true,
          createdAt: true,
          sentAt: true,
        },
        orderBy: { createdAt: "asc" },
      },
      savedServices: {
        select: { serviceId: true, createdAt: true, service: { select: { name: true } } },
        orderBy: { createdAt: "asc" },
      },
      quoteRequests: {
        // Not which admin looked at a dispute: that is the site's business.
        omit: { disputeResolvedById: true },
        include: {
          targets: { select: { status: true, service: { select: { name: true } } }, orderBy: { position: "asc" } },
          // Not who at the service wrote an answer: that is the service's business.
          answers: {
            select: {
              id: true,
              decline: true,
              price: true,
              priceFrom: true,
              priceTo: true,
              slot: true,
              earliest: true,
              message: true,
              createdAt: true,
              service: { select: { name: true } },
            },
            orderBy: { createdAt: "asc" },
          },
          images: { select: { imageId: true }, orderBy: { position: "asc" } },
          // The job after acceptance: the booked time (and the times proposed) and the extra work.
          booking: {
            select: {
              status: true,
              start: true,
              minutes: true,
              confirmedAt: true,
              otherTimesAt: true,
              otherTimesNote: true,
              proposeReason: true,
              endedBy: true,
              endReason: true,
              endedAt: true,
              lateCancel: true,
              createdAt: true,
              slots: { select: { start: true, minutes: true }, orderBy: { position: "asc" } },
            },
          },
          extras: {
            select: { description: true, price: true, status: true, decidedAt: true, createdAt: true },
            orderBy: { createdAt: "asc" },
          },
        },
        orderBy: { createdAt: "asc" },
      },
      // The messages they wrote in requests' threads, as a driver or for their services.
      quoteMessages: {
        select: {
          side: true,
          text: true,
          createdAt: true,
          images: { select: { imageId: true }, orderBy: { position: "asc" } },
          target: { select: { requestId: true, service: { select: { name: true } } } },
        },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
    },
  });
  const {
    imageId,
    services,
    reviews,
    payments,
    ownImages,
    quoteRequests,
    quoteMessages,
    savedServices,
    notificationSettings,
    telegramLink,
    pushSubscriptions,
    notificationDeliveries,
    ...profile
  } = user;
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...profile, image: imageUrl(imageId) },
    notifications: {
      settings: notificationSettings,
      // A chat id is a 64-bit integer: JSON has no such number.
      telegram: telegramLink && { ...telegramLink, chatId: telegramLink.chatId.toString() },
      pushSubscriptions,
      deliveries: notificationDeliveries,
    },
    services: services.map(({ imageId: serviceImage, openingHours, images, ...service }) => ({
      ...service,
      image: imageUrl(serviceImage),
      images: images.map((photo) => imageUrl(photo.imageId)),
      openingHours: openingHours.map(({ weekday, closed, opensAt, closesAt }) => ({
        weekday,
        closed,
        opensAt,
        closesAt,
      })),
    })),
    reviews: reviews.map(({ service, ...review }) => ({ ...review, serviceName: service.name })),
    payments: payments.map((payment) => ({ ...payment, amount: payment.amount.toString() })),
    images: ownImages.map(({ id, ...image }) => ({ ...image, url: imageUrl(id) })),
    requests: quoteRequests.map(({ targets, answers, images, ...request }) => ({
      ...request,
      services: targets.map((target) => ({ name: target.service.name, status: target.status })),
      answers: answers.map(({ service, ...answer }) => ({ ...answer, serviceName: service.name })),
      images: images.map((image) => imageUrl(image.imageId)),
    })),
    messages: quoteMessages.map(({ target, images, ...message }) => ({
      requestId: target.requestId,
      serviceName: target.service.name,
      ...message,
      images: images.map((image) => imageUrl(image.imageId)),
    })),
    // The Saved list kept on the account, hidden and blocked services included: the rows are theirs.
    saved: savedServices.map(({ serviceId, createdAt, service }) => ({
      serviceId,
      name: service.name,
      savedAt: createdAt,
    })),
  };
}
