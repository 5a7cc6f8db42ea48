/** What the detail page offers the viewer: the sign-in prompt, nothing (own service), or the form. */
export type ReviewerState = "anonymous" | "owner" | "reviewed" | "new";

export type OwnReview = {
  _id: string;
  rating: { quality: number; speed: number; price: number };
  comment: string;
  paidJob: string | null;
  paidUah: number | null;
};

/**
 * Everything a service page offers its viewer around the reviews, read per viewer and never part
 * of the page the page cache keeps: what they may write (state), their own review (to prefill the
 * form), the reviews they reported, and whether they may reply (the owner or an admin).
 */
export type ReviewerView = { state: ReviewerState; own: OwnReview | null; reported: string[]; canReply: boolean };

export const NOBODY_REVIEWING: ReviewerView = { state: "anonymous", own: null, reported: [], canReply: false };
