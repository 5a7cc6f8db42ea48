"use client";

import { useTranslations } from "next-intl";
import {
  createContext,
  use,
  useCallback,
  useId,
  useMemo,
  useState,
  useTransition,
  type ComponentProps,
  type ReactNode,
} from "react";

import { Spinner } from "@/components/ui/spinner";
import { Link, useRouter } from "@/i18n/navigation";

/** What the router takes: a path, or a pathname with its query. */
type Href = Parameters<ReturnType<typeof useRouter>["push"]>[0];

type ListNavigationState = {
  /** Whether the next list (another filter, sort or page) is on its way. */
  pending: boolean;
  /** The ListLink that asked for it, if one did. */
  pendingLink: string | null;
  navigate: (href: Href, link?: string) => void;
};

const ListNavigationContext = createContext<ListNavigationState | null>(null);

/**
 * Moves between the list's own pages (a filter, the sort, a page number) in a transition: the list
 * on screen stays until the next one has been rendered, and meanwhile says that it is loading
 * (ListPending, ListLink). The list routes have no loading.tsx: their pages are rendered whole, for
 * the page cache (lib/cache/page-cache.ts), so this is what tells the visitor their choice was taken.
 */
export function ListNavigation({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [pendingLink, setPendingLink] = useState<string | null>(null);
  const navigate = useCallback(
    (href: Href, link?: string) => {
      setPendingLink(link ?? null);
      startTransition(() => router.push(href));
    },
    [router],
  );
  const state = useMemo(() => ({ pending, pendingLink, navigate }), [pending, pendingLink, navigate]);
  return <ListNavigationContext value={state}>{children}</ListNavigationContext>;
}

export function useListNavigation(): ListNavigationState {
  const state = use(ListNavigationContext);
  if (!state) throw new Error("useListNavigation outside ListNavigation");
  return state;
}

/**
 * A link to another page of the list. A plain click goes through the list's transition (the link is
 * marked busy, with a spinner); a click that opens a new tab or window is the browser's, as on any link.
 */
export function ListLink({ href, children, ...props }: Omit<ComponentProps<typeof Link>, "href"> & { href: Href }) {
  const { pending, pendingLink, navigate } = useListNavigation();
  const id = useId();
  const busy = pending && pendingLink === id;
  return (
    <Link
      {...props}
      href={href}
      aria-busy={busy || undefined}
      onNavigate={(event) => {
        event.preventDefault();
        navigate(href, id);
      }}
    >
      {children}
      {busy ? (
        <Spinner className="ml-1.5 align-[-0.125em] transition-opacity delay-150 duration-150 starting:opacity-0" />
      ) : null}
    </Link>
  );
}

/** The results while the next list loads: still there, dimmed and marked busy. */
export function ListResults({ children }: { children: ReactNode }) {
  const { pending } = useListNavigation();
  return (
    <div
      aria-busy={pending || undefined}
      className={`transition-opacity duration-150 ${pending ? "opacity-50 delay-150" : ""}`}
    >
      {children}
    </div>
  );
}

/**
 * "Loading…" at the foot of the screen while the next list loads, wherever the visitor is on the
 * page (the page numbers are at its end, the filters at its top). The live region is always there,
 * so that screen readers announce what appears in it.
 */
export function ListPending() {
  const { pending } = useListNavigation();
  const t = useTranslations("Loading");
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-6 z-30 flex justify-center px-4">
      {pending ? (
        <span className="inline-flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg transition-opacity delay-150 duration-150 starting:opacity-0">
          <Spinner />
          {t("label")}
        </span>
      ) : null}
    </div>
  );
}
