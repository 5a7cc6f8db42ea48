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
  rating: { avg: number; quality: number; speed: number; price: number };
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
  comment: string;
  createdAt: string;
};

export type ServiceDetail = ServiceCard & {
  /** Every photo in the owner's order; `image` is the first. */
  images: string[];
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
};

const UPLOADS = "/api/uploads/";

export function imageUrl(imageId: string): string;
export function imageUrl(imageId: string | null): string | null;
export function imageUrl(imageId: string | null): string | null {
  return imageId ? `${UPLOADS}${imageId}` : null;
}

/** The image id in one of our upload URLs (already checked against IMAGE_URL_PATTERN). */
export function imageIdOf(url: string): string {
  return url.slice(UPLOADS.length).toLowerCase();
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
    rating: { avg: row.ratingAvg, quality: row.qualityAvg, speed: row.speedAvg, price: row.priceAvg },
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
