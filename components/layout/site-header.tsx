import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { getViewer } from "@/lib/server/session";
import { HeaderNav, type NavItem } from "./header-nav";

export async function SiteHeader() {
  const [t, tm, viewer] = await Promise.all([getTranslations("Header"), getTranslations("Metadata"), getViewer()]);
  const items: NavItem[] = [
    { href: "/", label: t("home"), exact: true },
    { href: "/services", label: t("services") },
    viewer?.hasMechanicProfile ? { href: "/mechanic-profile", label: t("masterProfile") } : { href: "/mechanicregister", label: t("becomeMaster") },
    { href: "/addservice", label: t("addService") },
    { href: "/cart", label: t("saved"), savedBadge: true },
  ];
  if (viewer?.ownsStations) items.push({ href: "/mystos", label: t("myStations") });
  if (viewer) items.push({ href: "/profile", label: t("profile"), avatar: viewer.imageUrl });
  else items.push({ href: "/login", label: t("login") }, { href: "/register", label: t("register") });
  const admin = viewer?.isAdmin
    ? {
        label: t("admin"),
        items: [
          { href: "/admin/users", label: t("adminUsers") },
          { href: "/admin/services", label: t("adminServices") },
          { href: "/admin/inbox", label: t("adminInbox") },
          { href: "/admin/reviews", label: t("adminReviews") },
        ],
      }
    : null;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3 sm:flex-nowrap sm:px-6 lg:px-8">
        <Link href="/home" className="flex items-center gap-2 text-lg font-bold text-brand-700">
          <span aria-hidden className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">
            M
          </span>
          {tm("productName")}
        </Link>
        <HeaderNav items={items} admin={admin} signedIn={Boolean(viewer)} />
      </div>
    </header>
  );
}
