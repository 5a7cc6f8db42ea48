import { getTranslations } from "next-intl/server";

import { guardReason, type GuardReason } from "@/features/accounts/guarded-paths";
import { Link } from "@/i18n/navigation";

// Where a refused visitor can go on to, named by its header link.
const NEXT_STEP: Partial<
  Record<GuardReason, { href: string; label: "becomeMaster" | "masterProfile" | "addService" }>
> = {
  mechanic: { href: "/mechanicregister", label: "becomeMaster" },
  noMechanic: { href: "/mechanic-profile", label: "masterProfile" },
  stationOwner: { href: "/addservice", label: "addService" },
};

/**
 * Why a guard (proxy.ts, features/accounts/server/guards.ts) sent the visitor to this page, from its `reason`
 * parameter: one of the known reasons in the visitor's language, never text from the address.
 */
export async function GuardNotice({
  reason,
  className = "",
}: {
  reason: string | string[] | undefined;
  className?: string;
}) {
  const rule = guardReason(reason);
  if (!rule) return null;
  const [t, th] = await Promise.all([getTranslations("Guard"), getTranslations("Header")]);
  const step = NEXT_STEP[rule];
  return (
    <p role="status" className={`rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 ${className}`}>
      {t(rule)}
      {step ? (
        <>
          {" "}
          <Link href={step.href} className="font-semibold underline">
            {th(step.label)}
          </Link>
        </>
      ) : null}
    </p>
  );
}
