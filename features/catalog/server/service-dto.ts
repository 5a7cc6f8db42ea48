import "server-only";

import { shownKm } from "@/domain/service/distance";
import { currentBrand, type PaymentMethod } from "@/domain/service/fields";
import { imageUrl } from "@/domain/service/images";
import type { Timetable } from "@/domain/service/week";
import { isOpenState, liveStatusOf, type LiveState, type LiveStatusView } from "@/features/hours/live-status";
import type { SpecialHoursView } from "@/features/hours/special-hours-view";
import {
  openingStatus,
  rowsToTimetable,
  type HoursRow,
  type NextChange,
  type SpecialHours,
} from "@/features/hours/timetable";
import type { OsmLink } from "@/features/osm/osm-link";
import type { MatchedJob } from "@/features/prices/matched-job";
import type { PaidMedian, PriceList } from "@/features/prices/price-list";
import type { ReviewView } from "@/features/reviews/review-view";

/** The public shape of a service, as spec §3 names its fields (`_id`, `rating.avg`…). */
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
  /** Raw averages, and `score`: the smoothed overall rating the rating sorts order by (features/reviews/server/rating-sql.ts). */
  rating: { avg: number; quality: number; speed: number; price: number; score: number };
  numReviews: number;
  /**
   * How many of the numReviews count fully: the others come from accounts too new to carry full
   * weight yet (features/reviews/weight.ts), and the averages count them less.
   */
  fullReviews: number;
  openNow: boolean;
  /** The next opening or closing (null when the hours never change); times read in `timeZone`. */
  nextChange: NextChange | null;
  /** The owner's live word while it lasts (features/hours/live-status.ts); it decides `openNow` meanwhile. */
  liveStatus: LiveStatusView | null;
  timeZone: string;
  distanceKm?: number;
  /**
   * Asked "near" a point: an on-the-go master whose service radius covers it comes there; so does,
   * asked for the tow truck (its job or a keyword naming it), a service whose tow truck's radius covers it.
   */
  comesToYou?: true;
  /** Asked for a job's price: this service's "from" price for it, in hryvnias. */
  jobPriceUah?: number;
  /** Asked for a job done where the driver is (the tow truck): how far this service's line says it comes, in km. */
  jobRadiusKm?: number;
  /** Found by a keyword that names a job: its cheapest matching price line ("Tyre change R16 from 500 ₴"). */
  matchedJob?: MatchedJob;
  /** The first phone, for the card's call button ("" when none). */
  contactPhone1: string;
  /** A Viber number (+380…) for the card's message button ("" when none). */
  viber: string;
  /** The rest of the contacts a Saved entry shows. */
  contactPhone2: string;
  contactMail: string;
  /** Published by its owner, or imported from OpenStreetMap (features/osm). */
  source: "owner" | "osm";
  /** False for an imported place nobody has claimed yet: no owner, labelled "From OpenStreetMap". */
  claimed: boolean;
  /**
   * False when the hours are not known well enough to say "open" (an OpenStreetMap opening_hours
   * the weekly timetable cannot hold): never open now, and `hoursText` is shown instead.
   */
  hoursKnown: boolean;
  /** The original opening_hours text of an imported place ("" when none). */
  hoursText: string;
  /** Kinds of work the place is known for (features/catalog/work-kinds.ts), e.g. ["tyres"]. */
  workKinds: string[];
  /**
   * How it answers drivers' requests for a price over the last 30 days (features/requests/response-time.ts):
   * the median minutes to a first answer, and the share answered (0..1, in hundredths). Null until
   * enough requests came (or none was answered, for the time).
   */
  responseTime: number | null;
  responseRate: number | null;
};

export type ServiceDetail = ServiceCard & {
  /** Every photo in the owner's order; `image` is the first. */
  images: string[];
  description: string;
  experience: number;
  website: string;
  facebook: string;
  instagram: string;
  telegram: string;
  paymentMethods: PaymentMethod[];
  cashOnlyInOutage: boolean;
  timetable: Timetable;
  /** Dated exceptions from yesterday on (holidays, other hours, closures), in date order. */
  specialHours: SpecialHoursView[];
  /** When the owner last confirmed the hours (features/hours/server/hours-freshness.ts). */
  hoursConfirmedAt: string;
  /** The owner's "from" prices (null: no list) and the median reviewers paid per job (features/prices/server/prices.ts). */
  prices: PriceList | null;
  paidMedians: PaidMedian[];
  reviews: ReviewView[];
  /** The owner's id; null for an imported place nobody has claimed. */
  user: string | null;
  /** A burst of low reviews from new accounts is being checked (features/reviews/server/burst.ts). */
  burstFlagged: boolean;
  /** The OpenStreetMap object it was imported from; null for an owner's own listing. */
  osm: OsmLink | null;
};

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
  fullReviews: number;
  timeZone: string;
  hours: HoursRow[] | null;
  special: SpecialHours[] | null;
  liveState: LiveState | null;
  liveNote: string;
  liveUntil: Date | null;
  liveUpdatedAt: Date | null;
  distanceKm?: number | null;
  comesToYou?: boolean;
  jobPriceUah?: number;
  jobRadiusKm?: number | null;
  matchedJob?: (Omit<MatchedJob, "radiusKm"> & { radiusKm?: number | null }) | null;
  contactPhone1: string;
  contactPhone2: string;
  contactMail: string;
  viber: string;
  source: "owner" | "osm";
  claimed: boolean;
  hoursKnown: boolean;
  hoursText: string;
  workKinds: string[] | null;
  responseMinutes: number | null;
  responseRate: number | null;
};

/** A service as cards and the API show it, with its opening status at the instant. */
export function toCard(row: CardRow, instant: Date): ServiceCard {
  const liveStatus = liveStatusOf(row, instant);
  const live = liveStatus && {
    open: isOpenState(liveStatus.state),
    from: liveStatus.updatedAt,
    until: liveStatus.until,
  };
  // Unknown hours say nothing about being open: only a live word could (an owner's, once claimed).
  const hours = row.hoursKnown ? (row.hours ?? []) : [];
  const { openNow, nextChange } = openingStatus(hours, row.timeZone, instant, {
    special: row.special ?? [],
    live,
  });
  const card: ServiceCard = {
    _id: row.id,
    name: row.name,
    role: row.role,
    image: imageUrl(row.imageId),
    address: row.address,
    coordinates: { lat: row.latitude, lng: row.longitude },
    isOnTheGo: row.isOnTheGo,
    category: row.category,
    brand: currentBrand(row.brand),
    rating: {
      avg: row.ratingAvg,
      quality: row.qualityAvg,
      speed: row.speedAvg,
      price: row.priceAvg,
      score: Math.round(row.ratingScore * 100) / 100,
    },
    numReviews: Number(row.numReviews),
    fullReviews: Number(row.fullReviews),
    openNow,
    nextChange,
    liveStatus,
    timeZone: row.timeZone,
    contactPhone1: row.contactPhone1,
    contactPhone2: row.contactPhone2,
    contactMail: row.contactMail,
    viber: row.viber,
    source: row.source,
    claimed: row.claimed,
    hoursKnown: row.hoursKnown,
    hoursText: row.hoursText,
    workKinds: row.workKinds ?? [],
    responseTime: row.responseMinutes,
    responseRate: row.responseRate,
  };
  if (row.distanceKm !== undefined && row.distanceKm !== null) card.distanceKm = shownKm(Number(row.distanceKm));
  if (row.comesToYou) card.comesToYou = true;
  if (row.jobPriceUah !== undefined) card.jobPriceUah = Number(row.jobPriceUah);
  if (row.jobRadiusKm !== undefined && row.jobRadiusKm !== null) card.jobRadiusKm = Number(row.jobRadiusKm);
  if (row.matchedJob) {
    const { radiusKm, ...matched } = row.matchedJob;
    card.matchedJob = radiusKm === undefined || radiusKm === null ? matched : { ...matched, radiusKm };
  }
  return card;
}

export function toTimetable(rows: HoursRow[]): Timetable {
  return rowsToTimetable(rows);
}
