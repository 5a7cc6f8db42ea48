"use client";

import { useTranslations } from "next-intl";
import { createContext, use, useMemo, type ReactNode } from "react";

import { useForThisVisitor } from "@/features/accounts/components/use-visitor";
import type { ReviewerView } from "@/features/reviews/answers";
import { NOBODY_REVIEWING } from "@/features/reviews/reviewer-view";
import { Link } from "@/i18n/navigation";

import { OwnReviewActions, ReplyEditor, ReportButton } from "./review-actions";
import { ReviewForm } from "./review-form";

/**
 * The viewer's side of a service page's reviews: the public list is the same for everyone (and may
 * come from the page cache), what this visitor may do with it comes from here, known when the page
 * was rendered for them and asked by the browser otherwise (useForThisVisitor).
 */
const Reviewer = createContext<{ view: ReviewerView; guess: boolean; serviceId: string }>({
  view: NOBODY_REVIEWING,
  guess: false,
  serviceId: "",
});

const asView = (body: unknown) => body as ReviewerView;

export function ReviewerProvider({
  serviceId,
  reviewer,
  children,
}: {
  serviceId: string;
  reviewer: ReviewerView | "unknown";
  children: ReactNode;
}) {
  const { value, guess } = useForThisVisitor(
    reviewer,
    `/api/items/${serviceId}/reviews/mine`,
    NOBODY_REVIEWING,
    asView,
  );
  const context = useMemo(() => ({ view: value, guess, serviceId }), [value, guess, serviceId]);
  return <Reviewer value={context}>{children}</Reviewer>;
}

/** "(yours)" beside the viewer's own review. */
export function OwnMarker({ reviewId }: { reviewId: string }) {
  const tr = useTranslations("Review");
  const { view } = use(Reviewer);
  return view.own?._id === reviewId ? (
    <span className="ml-2 text-sm font-normal text-slate-600">({tr("yours")})</span>
  ) : null;
}

/** Under a review: the owner's (or an admin's) reply editor, the author's edit and delete, everyone else's report. */
export function ReviewTools({
  reviewId,
  author,
  hidden,
  reply,
}: {
  reviewId: string;
  author: string;
  hidden: boolean;
  reply: string | null;
}) {
  const tr = useTranslations("Review");
  const { view, serviceId } = use(Reviewer);
  const url = `/api/items/${serviceId}/reviews/${reviewId}`;
  const mine = view.own?._id === reviewId;
  return (
    <>
      {view.canReply ? <ReplyEditor url={`${url}/reply`} current={reply} author={author} /> : null}
      {mine ? <OwnReviewActions url={url} /> : null}
      {view.state !== "anonymous" && !mine && !hidden ? (
        view.reported.includes(reviewId) ? (
          <p className="mt-2 text-sm text-slate-500">{tr("reportedAlready")}</p>
        ) : (
          <ReportButton url={`${url}/report`} author={author} />
        )
      ) : null}
    </>
  );
}

/** Below the reviews: the sign-in prompt, the owner's note, or the review form (filled with their own review). */
export function ReviewerPrompt() {
  const t = useTranslations("ServiceDetail");
  const tr = useTranslations("Review");
  const { view, guess, serviceId } = use(Reviewer);
  if (view.state === "anonymous") {
    return (
      <p data-guess={guess ? "" : undefined} className="mt-4 rounded-lg border border-brand-100 bg-brand-50 p-4">
        {t("signInToReview")}{" "}
        <Link
          href={{ pathname: "/login", query: { redirect: `/service/${serviceId}` } }}
          className="font-semibold text-brand-700 underline"
        >
          {t("signIn")}
        </Link>
      </p>
    );
  }
  if (view.state === "owner")
    return <p className="mt-4 rounded-lg bg-slate-100 p-4 text-slate-700">{tr("ownService")}</p>;
  return <ReviewForm serviceId={serviceId} reviewed={view.state === "reviewed"} initial={view.own} />;
}
