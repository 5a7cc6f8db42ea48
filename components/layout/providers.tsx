"use client";

import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { TOAST_DURATION_MS } from "@/lib/constants";
import { useToasterWanted } from "./toast";

// Sonner comes with the first toast, not with every page.
const Toaster = dynamic(() => import("sonner").then((sonner) => sonner.Toaster), { ssr: false });

export function Providers({ children }: { children: ReactNode }) {
  const toasterWanted = useToasterWanted();
  return (
    <>
      {children}
      {toasterWanted ? <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton /> : null}
    </>
  );
}
