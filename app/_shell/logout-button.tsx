"use client";

import { useTranslations } from "next-intl";

import { toast } from "@/components/ui/toast";
import { forgetPersonOnDevice } from "@/features/saved/components/saved-account";
import { useRouter } from "@/i18n/navigation";

/**
 * Ends the session and forgets what this browser kept for the user (spec: logout clears state). The
 * Saved list stays on the account and comes back with the next sign-in (saved-account.ts).
 */
export function LogoutButton({ className }: { className: string }) {
  const t = useTranslations("Account");
  const router = useRouter();
  async function logout() {
    await fetch("/api/users/logout", { method: "POST" }).catch(() => undefined);
    forgetPersonOnDevice();
    toast(t("signedOut"));
    router.replace("/login");
    router.refresh();
  }
  return (
    <button type="button" onClick={logout} className={`${className} text-left`}>
      {t("logout")}
    </button>
  );
}
