import "server-only";

import { createTranslator, type Locale } from "next-intl";

import { isMessageKey } from "@/i18n/message-key";
import { MESSAGES } from "@/i18n/messages";
import type { Prisma } from "@/lib/generated/prisma/client";
import { translate } from "@/lib/http/answers";
import { keyedHash } from "@/lib/security/app-secret";

import type { ClaimView } from "../answers";
import { AUTO_REASONS, CLAIM_CODE_MAX_TRIES, CLAIM_PAY_DAYS, maskAddress } from "../rules";

type ClaimRow = Prisma.ServiceClaimGetPayload<object>;

/** A claim's reason as people read it: the site's own reasons are message keys, an admin's are text. */
function readableReason(reason: string, locale: Locale): string {
  if (reason === AUTO_REASONS.notPaidInTime)
    return createTranslator({ locale, messages: MESSAGES[locale], namespace: "Claims.autoReason" })("notPaidInTime", {
      days: CLAIM_PAY_DAYS,
    });
  return reason && isMessageKey(MESSAGES[locale], reason) ? translate(locale, reason) : reason;
}

export function viewOf(claim: ClaimRow, locale: Locale): ClaimView {
  return {
    _id: claim.id,
    status: claim.status,
    dispute: claim.dispute,
    message: claim.message,
    sentTo: claim.status === "code_sent" && claim.codeSentTo ? maskAddress(claim.codeSentTo) : null,
    expiresAt: claim.status === "code_sent" ? (claim.codeExpiresAt?.toISOString() ?? null) : null,
    triesLeft: claim.status === "code_sent" ? Math.max(0, CLAIM_CODE_MAX_TRIES - claim.codeAttempts) : null,
    reason: readableReason(claim.reason, locale),
    lapsed: claim.status === "rejected" && claim.reason === AUTO_REASONS.notPaidInTime,
    createdAt: claim.createdAt.toISOString(),
  };
}

export const codeHash = (claimId: string, code: string) => keyedHash("claim-code", `${claimId}|${code}`);
