"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION_MS } from "@/lib/constants";

export function Providers({ children }: { children: ReactNode }) {
  // Cached responses are dropped 5 s after the last component using them unmounts (spec 7).
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 5000, gcTime: 5000, retry: 1 } } }));
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
    </QueryClientProvider>
  );
}
