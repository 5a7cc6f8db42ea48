"use client";

import { useTranslations } from "next-intl";

import { ActionButton } from "@/components/ui/action-button";

/** One button on /admin/inbox and /admin/reviews (mark read, retry a mail, restore…); the list is reloaded after it. */
export function InboxAction({
  url,
  method,
  body,
  label,
}: {
  url: string;
  method: "PUT" | "POST" | "DELETE";
  body?: unknown;
  label: string;
}) {
  const ta = useTranslations("Account");
  return (
    <ActionButton
      url={url}
      method={method}
      body={body ?? {}}
      busyLabel={ta("working")}
      className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
    >
      {label}
    </ActionButton>
  );
}
