import type { ReviewerView } from "@/features/reviews/answers";

export const NOBODY_REVIEWING: ReviewerView = { state: "anonymous", own: null, reported: [], canReply: false };
