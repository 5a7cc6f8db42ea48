"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { ActionButton } from "@/components/ui/action-button";

/** Block / unblock toggle; the toast is the server's translated status message. */
export function BlockButton({ url, isBlocked }: { url: string; isBlocked: boolean }) {
  const t = useTranslations("Admin");
  const [blocked, setBlocked] = useState(isBlocked);
  return (
    <ActionButton<{ isBlocked: boolean }>
      url={url}
      method="PUT"
      then={(answer) => setBlocked(answer.isBlocked)}
      pressed={blocked}
      className="rounded-lg border border-amber-400 px-4 py-2 font-medium text-amber-900 hover:bg-amber-50 disabled:opacity-60"
    >
      {blocked ? t("unblock") : t("block")}
    </ActionButton>
  );
}
