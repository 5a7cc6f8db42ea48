import "server-only";

import type { Locale } from "next-intl";

import { localePath } from "@/features/accounts/server/account-mail";
import { requireAccess } from "@/features/accounts/server/guards";
import type { Viewer } from "@/features/accounts/server/session";
import { notify } from "@/features/notifications/server/notify";
import { getPrisma } from "@/lib/db/server";
import { env } from "@/lib/env";
import { NotFoundError } from "@/lib/http/errors";

import { composeRequestMail, inboxPathOf } from "./request-mail";

/**
 * Development and the end-to-end server only (DEV_JOB_TRIGGER in production; a 404 otherwise):
 * tells the signed-in viewer of a made-up new request for a price, through notify() as a real
 * one is told (e-mail, Telegram and push by the viewer's choices), as at `now`, so that quiet
 * hours are read on that clock (a browser test at night would otherwise wait till morning).
 * What a channel does with it is then real: the push spec reads it at the push stand-in.
 */
export async function notifySampleRequest(
  viewer: Viewer | null,
  locale: Locale,
  now: Date,
): Promise<{ deliveries: number; link: string }> {
  if (env.NODE_ENV === "production" && !env.DEV_JOB_TRIGGER) throw new NotFoundError();
  requireAccess(viewer, "signedIn");
  const link = localePath(locale, inboxPathOf("00000000-0000-4000-8000-000000000000"));
  const mail = composeRequestMail(
    "new",
    viewer.email,
    locale,
    { name: viewer.name, job: "brake_pads", station: "Maister", driverName: "Test" },
    link,
  );
  const prisma = await getPrisma();
  const { deliveries } = await prisma.$transaction((tx) => notify(tx, viewer.id, { mail, link }, { now }));
  return { deliveries, link };
}
