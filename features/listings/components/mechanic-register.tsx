"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { fieldMessages, topLevelField } from "@/components/ui/api-client";
import { useAction } from "@/components/ui/use-action";
import type { ServiceInput } from "@/features/listings/schema";
import { EMPTY_SERVICE } from "@/features/listings/service-form";
import { useRouter } from "@/i18n/navigation";

import { ServiceForm } from "./service-form";

export function MechanicRegisterForm() {
  const t = useTranslations("Listing");
  const router = useRouter();
  const { busy, run } = useAction();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  async function submit(values: ServiceInput) {
    setServerErrors({});
    await run<{ name: string }>(
      { url: "/api/items/users", body: values },
      {
        success: (mechanic) => t("mechanicWelcome", { name: mechanic.name }),
        then: () => router.replace("/mechanic-profile"),
        leavesPage: true,
        onError: (error) => setServerErrors(fieldMessages(error, topLevelField)),
      },
    );
  }

  return (
    <ServiceForm
      initial={EMPTY_SERVICE}
      busy={busy}
      submitLabel={busy ? t("saving") : t("mechanicSubmit")}
      onSubmit={submit}
      serverErrors={serverErrors}
    />
  );
}
