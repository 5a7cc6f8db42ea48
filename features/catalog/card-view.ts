import type { ServiceCard } from "@/features/catalog/answers";

/**
 * What a result card (a client component) is handed of a service: the fields it shows, saves
 * or dials, and nothing the list query carries for sorting (sub-ratings, score, category, brand).
 * As server components the cards sent their whole rendered tree in the page's flight data besides
 * the HTML (~2.9 KB a card); as data they send ~0.5 KB.
 */
export type CardView = Pick<
  ServiceCard,
  | "_id"
  | "name"
  | "role"
  | "image"
  | "address"
  | "coordinates"
  | "isOnTheGo"
  | "numReviews"
  | "fullReviews"
  | "openNow"
  | "nextChange"
  | "liveStatus"
  | "timeZone"
  | "distanceKm"
  | "comesToYou"
  | "jobPriceUah"
  | "jobRadiusKm"
  | "matchedJob"
  | "contactPhone1"
  | "contactPhone2"
  | "contactMail"
  | "viber"
  | "claimed"
  | "hoursKnown"
> & { rating: { avg: number } } & ResponseFiguresOnCard;

/**
 * The response figures to drivers' requests for a price, present only when known: most services
 * have none yet, and an absent field costs the flight data nothing.
 */
type ResponseFiguresOnCard = { responseTime?: number; responseRate?: number };

/** The top strip's small card: name, picture, stars, role, review count and address. */
export type TopCardView = Pick<
  CardView,
  "_id" | "name" | "role" | "image" | "address" | "numReviews" | "rating" | "claimed" | "responseTime" | "responseRate"
>;

function withResponseFigures<View extends ResponseFiguresOnCard>(view: View, card: ServiceCard): View {
  if (card.responseTime !== null) view.responseTime = card.responseTime;
  if (card.responseRate !== null) view.responseRate = card.responseRate;
  return view;
}

export function cardView(card: ServiceCard): CardView {
  const view: CardView = {
    _id: card._id,
    name: card.name,
    role: card.role,
    image: card.image,
    address: card.address,
    coordinates: card.coordinates,
    isOnTheGo: card.isOnTheGo,
    rating: { avg: card.rating.avg },
    numReviews: card.numReviews,
    fullReviews: card.fullReviews,
    openNow: card.openNow,
    nextChange: card.nextChange,
    liveStatus: card.liveStatus,
    timeZone: card.timeZone,
    contactPhone1: card.contactPhone1,
    contactPhone2: card.contactPhone2,
    contactMail: card.contactMail,
    viber: card.viber,
    claimed: card.claimed,
    hoursKnown: card.hoursKnown,
  };
  // Absent rather than undefined: the flight data spells an undefined field out ("$undefined").
  if (card.distanceKm !== undefined) view.distanceKm = card.distanceKm;
  if (card.comesToYou) view.comesToYou = card.comesToYou;
  if (card.jobPriceUah !== undefined) view.jobPriceUah = card.jobPriceUah;
  if (card.jobRadiusKm !== undefined) view.jobRadiusKm = card.jobRadiusKm;
  if (card.matchedJob) view.matchedJob = card.matchedJob;
  return withResponseFigures(view, card);
}

export function topCardView(card: ServiceCard): TopCardView {
  return withResponseFigures<TopCardView>(
    {
      _id: card._id,
      name: card.name,
      role: card.role,
      image: card.image,
      address: card.address,
      numReviews: card.numReviews,
      rating: { avg: card.rating.avg },
      claimed: card.claimed,
    },
    card,
  );
}
