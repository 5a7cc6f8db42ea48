"use client";

import { useLocale, useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useEffect, useId, useRef, useState } from "react";

import { OneSlot } from "@/components/ui/one-slot";
import { usePageSession } from "@/features/accounts/components/use-page-session";
import type { PageSession } from "@/features/accounts/session-view";
import { useCart } from "@/features/cart/components/use-cart";
import { SearchBox } from "@/features/catalog/components/search-box";
import { useSavedAccount } from "@/features/saved/components/saved-account";
import { variantUrl } from "@/features/uploads/image-sizes";
import { Link, usePathname } from "@/i18n/navigation";

import { headerLinks, type HeaderLink } from "./header-links";
import { LanguageSwitch } from "./language-switch";
import { LogoutButton } from "./logout-button";

// The counts' client (TanStack Query) comes only to those signed in: requests and the inbox.
const InboxCount = dynamic(() => import("@/features/requests/components/inbox-count"), { ssr: false });

/**
 * Whose links a page from the page cache keeps room for while it asks who is signed in: a signed-in
 * person's last links (Requests, Profile with a picture, then Log out), in the cell of the visitor's
 * Sign in and Sign up (OneSlot), so the answer neither widens the row nor wraps it onto a new line.
 */
const SIGNED_IN_TAIL = headerLinks({
  email: "",
  imageUrl: "reserved",
  isAdmin: false,
  hasMechanicProfile: false,
  ownsStations: false,
}).links.filter((item) => item.bySession && item.label !== "becomeMaster");

function matches(pathname: string, item: HeaderLink) {
  if (item.exact) return pathname === item.href || pathname === "/home";
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}

/** The link of the page, the most specific one: /requests/inbox is the inbox's, not the driver's /requests. */
function isActive(pathname: string, item: HeaderLink, links: HeaderLink[]) {
  return (
    matches(pathname, item) && !links.some((other) => other.href.length > item.href.length && matches(pathname, other))
  );
}

/**
 * The header's links, built here from the session: a page from the page cache was rendered for
 * nobody, and the browser asks who is signed in (use-page-session.ts).
 */
export function HeaderNav({ session }: { session: PageSession }) {
  const t = useTranslations("Header");
  const ta = useTranslations("Account");
  const pathname = usePathname();
  const locale = useLocale();
  // The menu belongs to the page it was opened on, so navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const [cart] = useCart();
  const { viewer, guess, sure } = usePageSession(session);
  // A sign-in merges this device's Saved list into the account's and brings the account's here; a
  // session found ended makes the device forget the person. Only on what the server said (sure).
  useSavedAccount(viewer?.email ?? null, sure);
  const { links, admin } = headerLinks(viewer);
  const hasInbox = links.some((item) => item.inboxBadge);
  const hasCount = hasInbox || links.some((item) => item.unreadBadge);
  // Where the links by session end the row (the visitor's Sign in, Sign up while it is a guess).
  const tailFrom = links.findLastIndex((item) => !item.bySession) + 1;
  // Escape closes the open menu from anywhere on the page and puts focus back on its toggle.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpenOn(null);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const onServices =
    pathname === "/services" || pathname.startsWith("/services/") || pathname === "/stos" || pathname === "/mechanics";

  const link = (item: HeaderLink, className: string) => (
    <Link
      key={item.href}
      href={item.href}
      aria-current={isActive(pathname, item, links) ? "page" : undefined}
      data-guess={guess && item.bySession ? "" : undefined}
      className={className}
    >
      {item.avatar ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own immutable upload, at its smallest stored width
        <img
          src={variantUrl(item.avatar, 160, "jpeg")}
          alt=""
          width={24}
          height={24}
          className="-my-0.5 mr-1.5 inline-block size-6 rounded-full object-cover align-middle"
        />
      ) : null}
      {t(item.label)}
      {item.savedBadge ? (
        <>
          <span
            className="ml-1.5 inline-flex min-w-5 justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
            aria-hidden
          >
            {cart.cartItemsQty}
          </span>
          {/* A bare number would read as "Saved 3"; the sentence says what it counts. */}
          <span className="sr-only"> ({t("savedCount", { count: cart.cartItemsQty })})</span>
        </>
      ) : null}
      {item.inboxBadge ? <InboxCount kind="inbox" /> : item.unreadBadge ? <InboxCount kind="requests" /> : null}
    </Link>
  );
  // One line each from xl on, where they all fit; below it a long one wraps rather than push the rest out.
  const linkClass =
    "rounded-md px-2.5 py-2 text-sm font-medium xl:whitespace-nowrap text-slate-700 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700";
  // The row's end, by session: the visitor's Sign in and Sign up, or the person's own links, menu and Sign out.
  const tail = (
    <>
      {links.slice(tailFrom).map((item) => link(item, linkClass))}
      {admin ? (
        // Keyed by page so the menu closes once one of its links has been followed.
        <details key={pathname} className="relative">
          <summary className={`${linkClass} cursor-pointer list-none`}>{t("admin")}</summary>
          <div className="absolute right-0 mt-1 flex w-44 flex-col rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            {admin.map((item) => link(item, linkClass))}
          </div>
        </details>
      ) : null}
      {viewer ? <LogoutButton className={linkClass} /> : null}
    </>
  );
  // A page from the page cache, rendered for nobody: the end of the row keeps the room of both
  // (OneSlot) from the first paint to the answer and after it, for a visitor without a session too.
  const shared = session === "unknown";

  return (
    <>
      <nav aria-label={t("mainNavigation")} className="ml-auto hidden items-center gap-1 lg:flex">
        {links.slice(0, tailFrom).map((item) => link(item, linkClass))}
        {shared ? (
          <OneSlot inline>
            <span className="flex items-center gap-1">{tail}</span>
            {/* Unseen and unlinked: the room a signed-in person's links take, so their arrival moves nothing. */}
            <span aria-hidden className="invisible flex items-center gap-1">
              {SIGNED_IN_TAIL.map((item) => (
                <span key={item.href} className={linkClass}>
                  {item.avatar ? <span className="-my-0.5 mr-1.5 inline-block size-6 align-middle" /> : null}
                  {t(item.label)}
                </span>
              ))}
              <span className={linkClass}>{ta("logout")}</span>
            </span>
          </OneSlot>
        ) : (
          tail
        )}
      </nav>
      <div className="ml-auto flex items-center gap-2 lg:ml-2">
        {/* No Suspense around the two that read the query (useSearchParams): inside one, Next 16.4.6 with React
            19.3 sent the language switch after the shell on /services, for a script to move in, and the page
            cache keeps only pages sent whole (lib/cache/page-cache.ts; tests/e2e/security.spec.ts checks that
            /ua/services is kept). Every page renders per request (app/[locale]/layout.tsx), so none is
            prerendered without its query, which is what the boundary is for. */}
        <LanguageSwitch />
        <button
          ref={toggle}
          type="button"
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium lg:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          {t("menu")}
          {/* New requests and unread messages show on the phone's closed menu too, not only inside it. */}
          {hasCount && !open ? <InboxCount kind={hasInbox ? "all" : "requests"} /> : null}
        </button>
      </div>
      {onServices ? (
        <div className="order-last w-full sm:order-none sm:w-auto">
          <SearchBox key={locale} />
        </div>
      ) : null}
      {open ? (
        <nav
          id={menuId}
          aria-label={t("mainNavigation")}
          className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 py-3 shadow-md lg:hidden"
        >
          <div className="flex flex-col gap-1">
            {links.map((item) => link(item, linkClass))}
            {admin ? (
              <>
                <p className="mt-2 px-2.5 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t("admin")}</p>
                {admin.map((item) => link(item, linkClass))}
              </>
            ) : null}
            {viewer ? <LogoutButton className={linkClass} /> : null}
          </div>
        </nav>
      ) : null}
    </>
  );
}
