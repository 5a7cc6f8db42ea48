"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";

import { fieldMessages, topLevelField } from "@/components/ui/api-client";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/toast";
import { useAction } from "@/components/ui/use-action";
import type { ServiceInput } from "@/features/listings/schema";
import { changedFields, formStateOf, type ServiceFormState } from "@/features/listings/service-form";
import { Link, useRouter } from "@/i18n/navigation";

import { ServiceForm } from "./service-form";

type Stored = ServiceFormState & { _id: string; role: "sto" | "mechanic" };
type Props = { service: Stored; endpoint: string; afterDelete: string; publicLink?: boolean; actions?: ReactNode };

/**
 * Spec §2/4 edit forms: read-only until Edit; Update sends only the changed fields and returns to
 * view mode; Cancel returns to view mode; Delete asks 'Are you sure?' first.
 */
export function ServiceEditor({ service: first, endpoint, afterDelete, publicLink = true, actions }: Props) {
  const t = useTranslations("Listing");
  const router = useRouter();
  const [service, setService] = useState(first);
  const [editing, setEditing] = useState(false);
  const { busy, run } = useAction();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  const isMechanic = service.role === "mechanic";
  const stored = formStateOf(service);

  async function update(values: ServiceInput) {
    const changed = changedFields(stored, values);
    if (!Object.keys(changed).length) {
      toast.info(t("nothingChanged"));
      setEditing(false);
      return;
    }
    setServerErrors({});
    await run<Stored>(
      { url: `${endpoint}/${service._id}`, method: "PUT", body: { _id: service._id, ...changed } },
      {
        success: isMechanic ? t("mechanicUpdated") : t("cssUpdated"),
        then: (saved) => {
          setService(saved);
          setEditing(false);
        },
        onError: (error) => setServerErrors(fieldMessages(error, topLevelField)),
      },
    );
  }

  const remove = () =>
    run(
      { url: `${endpoint}/${service._id}`, method: "DELETE" },
      {
        success: isMechanic ? t("mechanicDeleted") : t("cssDeleted"),
        then: () => router.replace(afterDelete),
        leavesPage: true,
      },
    );

  return (
    <div className="space-y-6">
      {editing ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => setEditing(true)}
            disabled={busy}
            className="rounded-lg bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700"
          >
            {t("edit")}
          </button>
          {actions}
          <ConfirmButton
            label={busy ? t("deleting") : isMechanic ? t("deleteMechanic") : t("deleteStation")}
            question={t("areYouSureDelete", { name: service.name })}
            onConfirm={() => void remove()}
            disabled={busy}
          />
          {publicLink ? (
            <Link href={`/service/${service._id}`} className="text-sm font-medium text-brand-700 underline">
              {t("viewPublic")}
            </Link>
          ) : null}
        </div>
      )}
      <ServiceForm
        key={formKey}
        initial={stored}
        readOnly={!editing}
        busy={busy}
        submitLabel={busy ? t("saving") : t("update")}
        serverErrors={serverErrors}
        onSubmit={update}
        onCancel={() => {
          setEditing(false);
          setServerErrors({});
          setFormKey((key) => key + 1);
        }}
      />
    </div>
  );
}
