import "server-only";

import { shownKm } from "@/domain/service/distance";
import { currentBrand } from "@/domain/service/fields";
import { imageUrl } from "@/domain/service/images";
import type { Timetable } from "@/domain/service/timetable-answer";
import type { ServiceCard } from "@/features/catalog/answers";
import { isOpenState, liveStatusOf, type LiveState } from "@/features/hours/live-status";
import { openingStatus, rowsToTimetable, type HoursRow, type SpecialHours } from "@/features/hours/timetable";
import type { MatchedJob } from "@/features/prices/answers";

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
