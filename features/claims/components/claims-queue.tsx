import type { Locale } from "next-intl";
import { getTranslations } from "next-intl/server";

import { Pager } from "@/components/ui/pager";
import { DEFAULT_TIME_ZONE } from "@/domain/service/week";
import type { Viewer } from "@/features/accounts/server/session";
import { EMAIL_STABLE_MS } from "@/features/osm/email-age";
import { DATE_LOCALES } from "@/i18n/locale";
import { Link } from "@/i18n/navigation";

import type { AdminClaim } from "../answers";
import { claimQueue } from "../server/admin-claims";
import { ClaimDecision } from "./claim-decision";

/**
 * /admin/claims: the open claims, those waiting for an admin first, oldest first; each with the
 * place, the claimant and their words, the owner or confirmed claimant a dispute is against, and
 * the decision. Claims still waiting for their code, or confirmed and not yet paid, can be rejected.
 */
export async function ClaimsQueue({ viewer, locale, page }: { viewer: Viewer; locale: Locale; page: unknown }) {
  const [t, result] = await Promise.all([getTranslations("Claims.admin"), claimQueue(viewer, { page })]);
  const when = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: DEFAULT_TIME_ZONE,
  });
  const status = (claim: AdminClaim) =>
    claim.status === "pending"
      ? t("statusPending")
      : claim.status === "code_sent"
        ? t("statusCodeSent", { address: claim.sentTo ?? "" })
        : t("statusVerified");
  const person = (label: string, who: AdminClaim["owner"]) =>
    who ? (
      <div>
        <dt className="font-medium text-slate-600">{label}</dt>
        <dd className="break-words">
          {who.name} ·{" "}
          <a href={`mailto:${who.email}`} className="text-brand-700 underline">
            {who.email}
          </a>
        </dd>
      </div>
    ) : null;
  return (
    <section aria-labelledby="claims-title" className="space-y-4">
      <div>
        <h1 id="claims-title" className="text-2xl font-bold">
          {t("title")}
        </h1>
        <p className="text-slate-700">{t("intro")}</p>
      </div>
      {result.claims.length === 0 ? (
        <p className="rounded-lg bg-slate-100 p-4 text-slate-700">{t("empty")}</p>
      ) : (
        <ul className="space-y-3">
          {result.claims.map((claim) => (
            <li
              key={claim._id}
              className={`space-y-3 rounded-xl border bg-white p-4 ${claim.status === "pending" ? "border-amber-300" : "border-slate-200"}`}
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="font-semibold break-words">
                  <Link href={`/service/${claim.service._id}`} className="text-brand-700 underline">
                    {claim.service.name}
                  </Link>
                </h2>
                <div className="flex flex-wrap gap-1.5 text-sm font-medium">
                  {claim.dispute ? (
                    <span className="rounded-full bg-red-100 px-2 py-0.5 text-red-800">{t("dispute")}</span>
                  ) : null}
                  {claim.service.source === "osm" ? (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">{t("fromOsm")}</span>
                  ) : null}
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800">{status(claim)}</span>
                </div>
              </div>
              <p className="text-sm text-slate-600">
                <time dateTime={claim.createdAt}>
                  {t("claimedOn", { date: when.format(new Date(claim.createdAt)) })}
                </time>
              </p>
              <dl className="grid gap-2 text-sm sm:grid-cols-2">
                {person(t("claimant"), claim.claimant)}
                {person(t("owner"), claim.owner)}
                {person(t("holder"), claim.holder)}
                <div>
                  <dt className="font-medium text-slate-600">{t("placeMail")}</dt>
                  <dd className="break-words">{claim.service.contactMail || t("none")}</dd>
                </div>
              </dl>
              {claim.addressChangedRecently ? (
                <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                  {t("addressChangedRecently", { weeks: EMAIL_STABLE_MS / (7 * 24 * 60 * 60_000) })}
                </p>
              ) : null}
              <div className="text-sm">
                <p className="font-medium text-slate-600">{t("message")}</p>
                <p className="border-l-4 border-slate-200 pl-3 break-words whitespace-pre-wrap text-slate-800">
                  {claim.message}
                </p>
              </div>
              <ClaimDecision claimId={claim._id} canApprove={claim.status === "pending"} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={result.page}
        pages={result.pages}
        hrefFor={(n) => (n === 1 ? "/admin/claims" : { pathname: "/admin/claims", query: { page: String(n) } })}
      />
    </section>
  );
}
