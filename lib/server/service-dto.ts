import "server-only";
import type { Timetable } from "@/lib/constants";
import { rowsToTimetable, type HoursRow } from "@/lib/timetable";

/** The public shape of a service, as spec section 3 names its fields (`_id`, `rating.avg`…). */
export type ServiceCard = {
  _id: string;
  name: string;
  role: "sto" | "mechanic";
  image: string | null;
  address: string;
  coordinates: { lat: number; lng: number };
  isOnTheGo: boolean;
  category: string;
  brand: string;
  /** Raw averages, and `score`: the smoothed overall rating the rating sorts order by (lib/db/rating-scores.ts). */
  rating: { avg: number; quality: number; speed: number; price: number; score: number };
  numReviews: number;
  openNow: boolean;
  distanceKm?: number;
  /** The first phone, for the card's call button ("" when none). */
  contactPhone1: string;
};

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

export type ServiceDetail = ServiceCard & {
  description: string;
  experience: number;
  contactPhone2: string;
  contactMail: string;
  website: string;
  facebook: string;
  instagram: string;
  timeZone: string;
  timetable: Timetable;
  reviews: ReviewView[];
  user: string;
  /** A burst of low reviews from new accounts is being checked (lib/server/review-burst.ts). */
  burstFlagged: boolean;
};

export function imageUrl(imageId: string | null): string | null {
  return imageId ? `/api/uploads/${imageId}` : null;
}

export type CardRow = {
  id: string;
  name: string;
  role: "sto" | "mechanic";
  imageId: string | null;
  address: string;
  latitude: number;
  longitude: number;
  isOnTheGo: boolean;
  category: string;
  brand: string;
  ratingAvg: number;
  qualityAvg: number;
  speedAvg: number;
  priceAvg: number;
  ratingScore: number;
  numReviews: number;
  openNow: boolean;
  distanceKm?: number | null;
  contactPhone1: string;
};

export function toCard(row: CardRow): ServiceCard {
  const card: ServiceCard = {
    _id: row.id,
    name: row.name,
    role: row.role,
    image: imageUrl(row.imageId),
    address: row.address,
    coordinates: { lat: row.latitude, lng: row.longitude },
    isOnTheGo: row.isOnTheGo,
    category: row.category,
    brand: row.brand,
    rating: { avg: row.ratingAvg, quality: row.qualityAvg, speed: row.speedAvg, price: row.priceAvg, score: Math.round(row.ratingScore * 100) / 100 },
    numReviews: Number(row.numReviews),
    openNow: row.openNow,
    contactPhone1: row.contactPhone1,
  };
  if (row.distanceKm !== undefined && row.distanceKm !== null) card.distanceKm = Math.round(Number(row.distanceKm) * 10) / 10;
  return card;
}

export function toTimetable(rows: HoursRow[]): Timetable {
  return rowsToTimetable(rows);
}
