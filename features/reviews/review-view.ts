/** A review as the service page and GET /api/items/{id} show it. */
export type ReviewView = {
  _id: string;
  name: string;
  rating: { quality: number; speed: number; price: number; avg: number };
  /** "" while hidden: the reason is shown instead. */
  comment: string;
  createdAt: string;
  verified: boolean;
  reply: { text: string; at: string } | null;
  /** Why a moderator (or enough reports, "pending") hid it; null when shown. */
  hidden: "pending" | "spam" | "offensive" | "notAVisit" | "conflict" | "other" | null;
  /** Held out of the averages while a burst of low reviews is checked. */
  held: boolean;
};
