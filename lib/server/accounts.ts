import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { createTranslator } from "next-intl";
import { appUrl } from "@/lib/site";
import { loginInput, profileInput, registerInput, type ProfileInput } from "@/lib/validation/account";
import en from "@/messages/en.json";
import uk from "@/messages/uk.json";
import { Prisma } from "@/lib/generated/prisma/client";
import { getPrisma } from "./db";
import { requireAccess } from "./guards";
import { AppError, BadRequestError } from "./errors";
import { escapeHtml, sendMail } from "./mail";
import { hashPassword, verifyAgainstDecoy, verifyPassword } from "./passwords";
import { clear, hit } from "./rate-limit";
import type { Viewer } from "./session";
import { parseOrThrow } from "./validate";
import { changingCatalog } from "./read-cache";

export type Locale = "en" | "uk";
const CONFIRM_TTL_MS = 24 * 60 * 60 * 1000;
/** Per account and per address: enough for typos, too few for guessing; the window ends by itself. */
export const SIGN_IN_LIMITS = { account: { max: 5, windowMs: 15 * 60_000 }, ip: { max: 30, windowMs: 15 * 60_000 } };

export type PublicUser = { _id: string; name: string; email: string; isAdmin: boolean; image: string | null };

function toPublicUser(user: { id: string; name: string; email: string; isAdmin: boolean; imageId: string | null }): PublicUser {
  return { _id: user.id, name: user.name, email: user.email, isAdmin: user.isAdmin, image: user.imageId ? `/api/uploads/${user.imageId}` : null };
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const mailT = (locale: Locale) => createTranslator({ locale, messages: locale === "uk" ? uk : en, namespace: "Mail" });
const pathFor = (locale: Locale, path: string) => `${appUrl()}${locale === "uk" ? "/ua" : ""}${path}`;

/**
 * Registration never reveals whether an e-mail is taken: a new address gets a confirmation
 * link, a known one gets a note to its owner, and the caller sees the same answer either way.
 */
export async function register(body: unknown, locale: Locale): Promise<{ message: string }> {
  const input = parseOrThrow(registerInput, body);
  const prisma = await getPrisma();
  const emailNormalized = input.email.toLowerCase();
  const existing = await prisma.user.findUnique({ where: { emailNormalized } });
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    const t = mailT(existing.locale);
    const text = t("existingText", { name: existing.name, link: pathFor(existing.locale, "/login") });
    await sendMail({ to: existing.email, subject: t("existingSubject"), text, html: `<p>${escapeHtml(text)}</p>`, locale: existing.locale, kind: "register_existing" });
  } else {
    // Two registrations racing for one e-mail: the loser gets the same answer as any taken e-mail.
    const user = await prisma.user.create({ data: { name: input.name, email: input.email, emailNormalized, passwordHash, locale } }).catch(ignoreUniqueViolation);
    if (user) await sendConfirmation(user, locale);
  }
  return { message: "Auth.registered" };
}

async function sendConfirmation(user: { id: string; name: string; email: string }, locale: Locale): Promise<void> {
  const prisma = await getPrisma();
  const token = randomBytes(32).toString("base64url");
  await prisma.emailToken.create({ data: { userId: user.id, tokenHash: sha256(token), purpose: "confirm_email", expiresAt: new Date(Date.now() + CONFIRM_TTL_MS) } });
  const t = mailT(locale);
  const link = pathFor(locale, `/confirm-email?token=${token}`);
  const intro = t("confirmIntro", { name: user.name });
  await sendMail({
    to: user.email,
    subject: t("confirmSubject"),
    text: `${intro}\n${link}\n\n${t("confirmIgnore")}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(t("confirmIgnore"))}</p>`,
    locale,
    kind: "confirm_email",
  });
}

/** Same answer whether or not the account exists or is already confirmed. */
export async function resendConfirmation(email: unknown): Promise<{ message: string }> {
  if (typeof email !== "string" || email.length > 100) throw new BadRequestError({ email: "Validation.email" });
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { emailNormalized: email.trim().toLowerCase() } });
  if (user && !user.emailVerifiedAt && !user.isBlocked) {
    const { allowed } = await hit(`resend:${user.id}`, { max: 3, windowMs: 60 * 60_000 });
    if (allowed) await sendConfirmation(user, user.locale);
  }
  return { message: "Auth.resent" };
}

/** Uses the token once: marks it used and the e-mail verified in one transaction. */
export async function confirmEmail(token: unknown): Promise<PublicUser & { tokenVersion: number }> {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError(400, "Auth.confirmInvalid");
  const prisma = await getPrisma();
  const now = new Date();
  return prisma.$transaction(async (tx) => {
    const used = await tx.emailToken.updateMany({
      where: { tokenHash: sha256(token), purpose: "confirm_email", usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (used.count !== 1) throw new AppError(400, "Auth.confirmInvalid");
    const record = await tx.emailToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    const user = await tx.user.update({ where: { id: record.userId }, data: { emailVerifiedAt: now } });
    if (user.isBlocked) throw new AppError(403, "Auth.blocked");
    return { ...toPublicUser(user), tokenVersion: user.tokenVersion };
  });
}

/**
 * Checks e-mail and password. Throttled per account and per client address before the password
 * is looked at; a success clears the account's counter.
 */
export async function authenticate(body: unknown, ip: string): Promise<PublicUser & { tokenVersion: number }> {
  const input = parseOrThrow(loginInput, body, "Auth.invalidCredentials");
  const emailNormalized = input.email.toLowerCase();
  const [perAccount, perIp] = await Promise.all([hit(`login:account:${emailNormalized}`, SIGN_IN_LIMITS.account), hit(`login:ip:${ip}`, SIGN_IN_LIMITS.ip)]);
  if (!perAccount.allowed || !perIp.allowed) throw new AppError(429, "Auth.tooManyAttempts");
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { emailNormalized } });
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstDecoy(input.password);
  if (!user || !valid) throw new AppError(401, "Auth.invalidCredentials");
  if (user.isBlocked) throw new AppError(403, "Auth.blocked");
  if (!user.emailVerifiedAt) throw new AppError(403, "Auth.unconfirmed");
  await clear(`login:account:${emailNormalized}`);
  return { ...toPublicUser(user), tokenVersion: user.tokenVersion };
}

/** The viewer's own profile only. A changed e-mail or password bumps tokenVersion, ending every other session. */
export async function updateProfile(viewer: Viewer | null, body: unknown): Promise<PublicUser & { tokenVersion: number }> {
  requireAccess(viewer, "signedIn");
  const input: ProfileInput = parseOrThrow(profileInput, body);
  const prisma = await getPrisma();
  const userId = viewer.id;
  const current = await prisma.user.findUnique({ where: { id: userId } });
  if (!current) throw new AppError(401, "Auth.signInRequired");
  const data: { name?: string; email?: string; emailNormalized?: string; passwordHash?: string; tokenVersion?: { increment: number } } = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.email !== undefined && input.email.toLowerCase() !== current.emailNormalized) {
    const taken = await prisma.user.findUnique({ where: { emailNormalized: input.email.toLowerCase() } });
    if (taken) throw new BadRequestError({ email: "Auth.emailTaken" });
    Object.assign(data, { email: input.email, emailNormalized: input.email.toLowerCase() });
  }
  if (input.password) data.passwordHash = await hashPassword(input.password);
  if (data.emailNormalized || data.passwordHash) data.tokenVersion = { increment: 1 };
  // The name is shown with the user's reviews on service pages.
  const user = await changingCatalog(() => prisma.user.update({ where: { id: userId }, data }).catch(ignoreUniqueViolation));
  if (!user) throw new BadRequestError({ email: "Auth.emailTaken" });
  return { ...toPublicUser(user), tokenVersion: user.tokenVersion };
}

export { toPublicUser };

function ignoreUniqueViolation(error: unknown): null {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return null;
  throw error;
}

/** What the client keeps after sign-in (spec 7 login response). */
export async function accountState(userId: string) {
  const prisma = await getPrisma();
  const services = await prisma.service.findMany({
    where: { ownerId: userId },
    select: { id: true, name: true, role: true, isPaid: true, isBlocked: true, address: true },
    orderBy: { createdAt: "asc" },
  });
  const card = (service: (typeof services)[number]) => ({ _id: service.id, name: service.name, role: service.role, ispaid: service.isPaid, isBlocked: service.isBlocked, address: service.address });
  const mechanic = services.find((service) => service.role === "mechanic");
  const stations = services.filter((service) => service.role === "sto");
  const unpaid = stations.filter((service) => !service.isPaid).at(-1);
  return { mechanic: mechanic ? card(mechanic) : null, userStos: stations.filter((service) => service.isPaid).map(card), stoForOrder: unpaid ? card(unpaid) : null };
}
