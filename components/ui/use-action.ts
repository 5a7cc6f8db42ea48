"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";

import { runAction, type ActionOptions, type ActionRequest } from "@/components/ui/action";
import { postJson } from "@/components/ui/api-client";
import { toast } from "@/components/ui/toast";
import { useRouter } from "@/i18n/navigation";

/**
 * The one way a button asks the API for something: `run(request, options)` sends it through the
 * API client (the network failure in the page's language), toasts the server's translated answer,
 * re-renders the page, and ignores presses while it goes; `busy` is for the button. What each
 * option does: components/ui/action.ts.
 */
export function useAction() {
  const ta = useTranslations("Account");
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const lock = useRef(false);

  function run<T>(request: ActionRequest<T>, options?: ActionOptions<T>): Promise<boolean> {
    return runAction(
      {
        lock,
        setBusy,
        send: (url, body, method) => postJson(url, body, method, ta("networkError")),
        toastSuccess: (message) => toast.success(message),
        toastError: (message) => toast.error(message),
        refresh: () => router.refresh(),
      },
      request,
      options,
    );
  }

  return { busy, run };
}
