"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { fieldMessages, postJson, topLevelField } from "@/components/ui/api-client";
import { dispatchCart } from "@/features/saved/components/use-cart";
import { useRouter } from "@/i18n/navigation";
import { changedFields, formStateOf, EMPTY_SERVICE, type ServiceFormState } from "@/features/listings/service-form";
import type { ServiceInput } from "@/features/listings/schema";
import { ServiceForm } from "./service-form";

/**
 * Spec 4 "station order": a new order is created; an existing one goes straight on when nothing
 * changed, else only the changed fields are sent with its _id. Then /placeorder.
 */
export function AddServiceForm({ draft }: { draft: (ServiceFormState & { _id: string }) | null }) {
  const t = useTranslations("Listing");
  const ta = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [initial] = useState(() => (draft ? formStateOf(draft) : EMPTY_SERVICE));

  async function submit(values: ServiceInput) {
    setBusy(true);
    setServerErrors({});
    try {
      let order: { _id: string; name: string } = draft ?? { _id: "", name: "" };
      if (!draft) order = await postJson("/api/items/users/sto-order", values, "POST", ta("networkError"));
      else {
        const changed = changedFields(initial, values);
        if (Object.keys(changed).length) order = await postJson("/api/items/users/sto-order", { _id: draft._id, ...changed }, "PUT", ta("networkError"));
      }
      dispatchCart({ type: "setStoForOrder", sto: { _id: order._id, name: order.name } });
      router.push("/placeorder");
    } catch (error) {
      setServerErrors(fieldMessages(error, topLevelField));
      toast.error(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  return <ServiceForm initial={initial} busy={busy} submitLabel={t("continue")} onSubmit={submit} serverErrors={serverErrors} />;
}
