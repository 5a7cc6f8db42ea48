"use client";

import dynamic from "next/dynamic";
import { usePathname } from "next/navigation";
import { useEffect, type ReactNode } from "react";

import { dismissStaleToasts, useToasterWanted } from "@/components/ui/toast";

// Sonner comes with the first toast, not with every page.
const Toaster = dynamic(() => import("@/components/ui/toaster"), { ssr: false });

export function Providers({ children }: { children: ReactNode }) {
  const toasterWanted = useToasterWanted();
  const pathname = usePathname();
  // Compared with the browser's own path, as the toasts record it.
  useEffect(() => dismissStaleToasts(window.location.pathname), [pathname]);
  return (
    <>
      {children}
      {toasterWanted ? <Toaster /> : null}
    </>
  );
}
