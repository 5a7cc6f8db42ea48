"use client";

import { useTranslations } from "next-intl";

import { ActionButton } from "@/components/ui/action-button";

/** A table row's delete: 'Are you sure?', then DELETE, the server's message as a toast, and a refresh. */
export function DeleteRowButton({
  url,
  label,
  question,
  afterDelete,
}: {
  url: string;
  label: string;
  question: string;
  afterDelete?: string;
}) {
  const t = useTranslations("Admin");
  return (
    <ActionButton
      url={url}
      method="DELETE"
      goTo={afterDelete}
      confirm={question}
      ariaLabel={label}
      className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60"
    >
      {t("delete")}
    </ActionButton>
  );
}
