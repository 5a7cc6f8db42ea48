"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { fieldMessages, topLevelField } from "@/components/ui/api-client";
import { useAction } from "@/components/ui/use-action";
import { dispatchCart } from "@/features/cart/components/use-cart";
import type { ServiceInput } from "@/features/listings/schema";
import { changedFields, EMPTY_SERVICE, formStateOf, type ServiceFormState } from "@/features/listings/service-form";
import { useRouter } from "@/i18n/navigation";

import { ServiceForm } from "./service-form";

/**
 * Spec §4 "station order": a new order is created; an existing one goes straight on when nothing
 * changed, else only the changed fields are sent with its _id. Then /placeorder.
 */
export function AddServiceForm({ draft }: { draft: (ServiceFormState & { _id: string }) | null }) {
  const t = useTranslations("Listing");
  const router = useRouter();
  const { busy, run } = useAction();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [initial] = useState(() => (draft ? formStateOf(draft) : EMPTY_SERVICE));

  async function submit(values: ServiceInput) {
    setServerErrors({});
    type Order = { _id: string; name: string };
    await run<Order>(
      async (send) => {
        if (!draft) return send<Order>("/api/items/users/sto-order", values, "POST");
        const changed = changedFields(initial, values);
        return Object.keys(changed).length
          ? send<Order>("/api/items/users/sto-order", { _id: draft._id, ...changed }, "PUT")
          : draft;
      },
      {
        then: (order) => {
          dispatchCart({ type: "setStoForOrder", sto: { _id: order._id, name: order.name } });
          router.push("/placeorder");
        },
        refresh: false,
        leavesPage: true,
        onError: (error) => setServerErrors(fieldMessages(error, topLevelField)),
      },
    );
  }

  return (
    <ServiceForm
      initial={initial}
      busy={busy}
      submitLabel={t("continue")}
      onSubmit={submit}
      serverErrors={serverErrors}
    />
  );
}
