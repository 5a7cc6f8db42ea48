import type { SessionView } from "@/features/accounts/answers";

/** A key of the Header messages. */
export type HeaderLabel =
  | "home"
  | "services"
  | "becomeMaster"
  | "masterProfile"
  | "addService"
  | "saved"
  | "myStations"
  | "requests"
  | "requestsInbox"
  | "profile"
  | "login"
  | "register"
  | "adminUsers"
  | "adminServices"
  | "adminInbox"
  | "adminReviews"
  | "adminSecurity"
  | "adminClaims"
  | "adminOsm"
  | "adminRequests"
  | "adminPayments";

/**
 * `bySession`: the link depends on who is signed in (hidden while a page from the page cache is
 * still asking); `avatar`: the signed-in user's picture, shown with their profile link.
 */
export type HeaderLink = {
  href: string;
  label: HeaderLabel;
  exact?: boolean;
  savedBadge?: boolean;
  /** The count of requests for a price waiting for the viewer's services' answer, and of drivers' unread messages. */
  inboxBadge?: boolean;
  /** The count of unread messages from services in the viewer's own requests. */
  unreadBadge?: boolean;
  avatar?: string | null;
  bySession?: boolean;
};

/** The header's links for a visitor (spec: /mystos only for station owners, the admin menu only for admins). */
export function headerLinks(viewer: SessionView | null): { links: HeaderLink[]; admin: HeaderLink[] | null } {
  const links: HeaderLink[] = [
    { href: "/", label: "home", exact: true },
    { href: "/services", label: "services" },
    viewer?.hasMechanicProfile
      ? { href: "/mechanic-profile", label: "masterProfile", bySession: true }
      : { href: "/mechanicregister", label: "becomeMaster", bySession: true },
    { href: "/addservice", label: "addService" },
    { href: "/cart", label: "saved", savedBadge: true },
  ];
  if (viewer?.ownsStations) links.push({ href: "/mystos", label: "myStations", bySession: true });
  if (viewer) links.push({ href: "/requests", label: "requests", unreadBadge: true, bySession: true });
  // Requests for a price go to a station's owner or to a master: only they have an inbox.
  if (viewer?.ownsStations || viewer?.hasMechanicProfile)
    links.push({ href: "/requests/inbox", label: "requestsInbox", inboxBadge: true, bySession: true });
  if (viewer) links.push({ href: "/profile", label: "profile", avatar: viewer.imageUrl, bySession: true });
  else
    links.push(
      { href: "/login", label: "login", bySession: true },
      { href: "/register", label: "register", bySession: true },
    );
  const admin: HeaderLink[] | null = viewer?.isAdmin
    ? [
        { href: "/admin/users", label: "adminUsers" },
        { href: "/admin/services", label: "adminServices" },
        { href: "/admin/inbox", label: "adminInbox" },
        { href: "/admin/reviews", label: "adminReviews" },
        { href: "/admin/security", label: "adminSecurity" },
        { href: "/admin/claims", label: "adminClaims" },
        { href: "/admin/osm", label: "adminOsm" },
        { href: "/admin/requests", label: "adminRequests" },
        { href: "/admin/payments", label: "adminPayments" },
      ]
    : null;
  return { links, admin };
}
