"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { fieldMessages, postJson, topLevelField } from "@/components/ui/api-client";
import { useRouter } from "@/i18n/navigation";
import { EMPTY_SERVICE } from "@/features/listings/service-form";
import type { ServiceInput } from "@/features/listings/schema";
import { ServiceForm } from "./service-form";

export function MechanicRegisterForm() {
  const t = useTranslations("Listing");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  async function submit(values: ServiceInput) {
    setBusy(true);
    setServerErrors({});
    try {
      const mechanic = await postJson<{ name: string }>("/api/items/users", values, "POST", ta("networkError"));
      toast.success(t("mechanicWelcome", { name: mechanic.name }));
      router.replace("/mechanic-profile");
      router.refresh();
    } catch (error) {
      setServerErrors(fieldMessages(error, topLevelField));
      toast.error(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  return (
    <ServiceForm initial={EMPTY_SERVICE} busy={busy} submitLabel={busy ? t("saving") : t("mechanicSubmit")} onSubmit={submit} serverErrors={serverErrors} />
  );
}
