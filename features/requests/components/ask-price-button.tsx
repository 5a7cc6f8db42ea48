"use client";

import { useTranslations } from "next-intl";

import { useVisitorPoint } from "@/components/map/use-geolocation";
import { useForThisVisitor } from "@/features/accounts/components/use-visitor";
import type { ReviewerView } from "@/features/reviews/answers";
import { NOBODY_REVIEWING } from "@/features/reviews/reviewer-view";
import { Link } from "@/i18n/navigation";

const asView = (body: unknown) => body as ReviewerView;

/**
 * "Ask for a price" on the page of a service someone owns (an imported place has nobody to answer).
 * Whether the viewer is that owner comes from the same per-visitor answer the reviews ask for (the
 * page may be the page cache's, rendered for nobody): the owner gets no button, and a browser with
 * a session keeps it hidden (data-guess) until it knows. A visitor who is signed out goes to the
 * sign-in page first, which brings them back to the form. The visitor's position, when they shared
 * it in this tab, goes along as `near`: the request's distances are then how far each shop is
 * from the driver, not from this service.
 */
export function AskPriceButton({ serviceId, reviewer }: { serviceId: string; reviewer: ReviewerView | "unknown" }) {
  const t = useTranslations("RequestForm");
  const { value, guess } = useForThisVisitor(
    reviewer,
    `/api/items/${serviceId}/reviews/mine`,
    NOBODY_REVIEWING,
    asView,
  );
  const point = useVisitorPoint();
  if (value.state === "owner") return null;
  const query = { service: serviceId, ...(point ? { near: `${point.lat},${point.lng}` } : {}) };
  const form = `/requests/new?${new URLSearchParams(query)}`;
  return (
    <Link
      // Signed out: straight to the sign-in page, which brings them back. Followed in the browser, the
      // proxy's redirect of the guarded form would stay in the router's cache as where the form is, and
      // signing in would land on the sign-in page again.
      href={
        value.state === "anonymous"
          ? { pathname: "/login", query: { redirect: form, reason: "signedIn" } }
          : { pathname: "/requests/new", query }
      }
      data-guess={guess ? "" : undefined}
      className="inline-flex items-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
    >
      {t("askForPrice")}
    </Link>
  );
}
