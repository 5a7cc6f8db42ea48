"use client";

import { useLocale, useTranslations } from "next-intl";
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useOptimistic,
  useRef,
  useState,
  useTransition,
  type ComponentProps,
  type ReactNode,
} from "react";

import { Spinner } from "@/components/ui/spinner";
import type { ItemsQuery } from "@/features/catalog/items-query-url";
import { LIST_RETURN_KEY, listReturnNote, serviceIdOfPath } from "@/features/catalog/list-return";
import { VIEW_PARAM } from "@/features/catalog/list-view";
import { getPathname, Link, usePathname, useRouter } from "@/i18n/navigation";

/** What the router takes: a path, or a pathname with its query. */
type Href = Parameters<ReturnType<typeof useRouter>["push"]>[0];

type ListNavigationState = {
  /** Whether the next list (another filter, sort or page) is on its way. */
  pending: boolean;
  /** The ListLink that asked for it, if one did. */
  pendingLink: string | null;
  /** The query on its way, while it is (the filters show it as chosen at once); null otherwise. */
  upcoming: ItemsQuery | null;
  navigate: (href: Href, options?: { link?: string; query?: ItemsQuery }) => void;
};

const ListNavigationContext = createContext<ListNavigationState | null>(null);

/**
 * Moves between the list's own pages (a filter, the sort, a page number) in a transition: the list
 * on screen stays until the next one has been rendered, and meanwhile says that it is loading
 * (ListPending, ListLink). The list routes have no loading.tsx: their pages are rendered whole, for
 * the page cache (lib/cache/page-cache.ts), so this is what tells the visitor their choice was taken.
 *
 * The address changes at once, not when the server answers: the new URL is pushed onto the history
 * first (Next keeps useSearchParams in step with pushState) and the router then replaces that same
 * entry with the rendered page, so each choice is one entry for Back. The list's view (list or map)
 * is kept across choices.
 */
export function ListNavigation({ children }: { children: ReactNode }) {
  const router = useRouter();
  const locale = useLocale();
  const [pending, startTransition] = useTransition();
  const [pendingLink, setPendingLink] = useState<string | null>(null);
  const [upcoming, setUpcoming] = useOptimistic<ItemsQuery | null>(null);
  // Whether the history's current entry was written for a list not yet rendered: a choice made
  // meanwhile takes that entry over, as Back to it would show the list before it under its address.
  const unrendered = useRef(false);
  useEffect(() => {
    if (!pending) unrendered.current = false;
  }, [pending]);
  // Next's router takes over pushState in an effect of its own, which runs after this component's:
  // a choice replayed while the page hydrates waits for the router (an entry written before would be
  // overwritten by the router's first one), so it goes the router's way alone.
  const routerReady = useRef(false);
  useEffect(() => {
    const timer = setTimeout(() => (routerReady.current = true));
    return () => clearTimeout(timer);
  }, []);
  const navigate = useCallback(
    (href: Href, options: { link?: string; query?: ItemsQuery } = {}) => {
      const target = typeof href === "string" ? { pathname: href, query: {} } : { ...href, query: { ...href.query } };
      const view = new URLSearchParams(window.location.search).get(VIEW_PARAM);
      if (view) (target.query as Record<string, string>)[VIEW_PARAM] = view;
      setPendingLink(options.link ?? null);
      if (!routerReady.current) {
        startTransition(() => {
          if (options.query) setUpcoming(options.query);
          router.push(target);
        });
        return;
      }
      const url = getPathname({ href: target, locale });
      if (unrendered.current) window.history.replaceState(null, "", url);
      else window.history.pushState(null, "", url);
      unrendered.current = true;
      startTransition(() => {
        if (options.query) setUpcoming(options.query);
        router.replace(target);
      });
    },
    [router, locale, setUpcoming],
  );
  // A service opened from here leads back here, this list's question and all (../list-return.ts):
  // one listener for every way the list opens one (a card, the map's card, the top strip).
  const pathname = usePathname();
  useEffect(() => {
    const note = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      const id = serviceIdOfPath(link.pathname);
      if (!id) return;
      try {
        window.sessionStorage.setItem(LIST_RETURN_KEY, listReturnNote(id, `${pathname}${window.location.search}`));
      } catch {
        // storage refused (private mode): the service's page leads to the plain list
      }
    };
    document.addEventListener("click", note, true);
    return () => document.removeEventListener("click", note, true);
  }, [pathname]);
  const state = useMemo(
    () => ({ pending, pendingLink, upcoming, navigate }),
    [pending, pendingLink, upcoming, navigate],
  );
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
export function ListLink({
  href,
  upcomingQuery,
  children,
  ...props
}: Omit<ComponentProps<typeof Link>, "href"> & {
  href: Href;
  /** The query it leads to, for the filters to show at once. */ upcomingQuery?: ItemsQuery;
}) {
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
        navigate(href, { link: id, query: upcomingQuery });
      }}
    >
      {children}
      {busy ? <Spinner className="ml-1.5 align-[-0.125em]" /> : null}
    </Link>
  );
}

/** The results while the next list loads: still there, dimmed and marked busy from the moment of the choice. */
export function ListResults({ children }: { children: ReactNode }) {
  const { pending } = useListNavigation();
  return (
    <div aria-busy={pending || undefined} className={`transition-opacity duration-150 ${pending ? "opacity-50" : ""}`}>
      {children}
    </div>
  );
}

/**
 * "Loading…" at the foot of the screen while the next list loads, wherever the visitor is on the
 * page (the page numbers are at its end, the filters at its top). The live region is always there,
 * so that screen readers announce what appears in it. While it shows, toasts on a phone rise above
 * it (components/ui/toaster.tsx counts a marked bar that reaches the screen's bottom, so the gap
 * under the pill is padding, there only while loading: an empty region takes no room).
 */
export function ListPending() {
  const { pending } = useListNavigation();
  const t = useTranslations("Loading");
  return (
    <div
      role="status"
      data-toast-clearance
      className={`pointer-events-none fixed inset-x-0 bottom-0 z-30 flex justify-center px-4 ${pending ? "pb-6" : ""}`}
    >
      {pending ? (
        <span className="inline-flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg">
          <Spinner />
          {t("label")}
        </span>
      ) : null}
    </div>
  );
}
