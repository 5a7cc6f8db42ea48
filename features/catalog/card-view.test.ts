import { describe, expect, it } from "vitest";

import type { ServiceCard } from "@/features/catalog/answers";
import { cardView, topCardView } from "@/features/catalog/card-view";

const card = {
  _id: "s1",
  name: "Brakes & Co",
  role: "sto",
  image: null,
  address: "Kyiv",
  coordinates: { lat: 50.45, lng: 30.52 },
  isOnTheGo: false,
  category: "repair",
  brand: "Any",
  rating: { avg: 4.5, quality: 4.5, speed: 4.5, price: 4.5, score: 4.2 },
  numReviews: 10,
  fullReviews: 10,
  openNow: true,
  nextChange: null,
  liveStatus: null,
  timeZone: "Europe/Kyiv",
  contactPhone1: "",
  viber: "",
  contactPhone2: "",
  contactMail: "",
  source: "owner",
  claimed: true,
  hoursKnown: true,
  hoursText: "",
  workKinds: [],
  responseTime: null,
  responseRate: null,
} satisfies ServiceCard;

describe("the cards' response figures to requests for a price", () => {
  it("are left out while unknown, so most cards carry nothing more", () => {
    expect(cardView(card)).not.toHaveProperty("responseTime");
    expect(cardView(card)).not.toHaveProperty("responseRate");
    expect(topCardView(card)).not.toHaveProperty("responseTime");
  });

  it("travel with the list card and the top strip's card once known", () => {
    const answering = { ...card, responseTime: 95, responseRate: 0.9 };
    expect(cardView(answering)).toMatchObject({ responseTime: 95, responseRate: 0.9 });
    expect(topCardView(answering)).toMatchObject({ responseTime: 95, responseRate: 0.9 });
    // A rate alone (none of enough requests answered) is still said.
    expect(cardView({ ...card, responseRate: 0 })).toMatchObject({ responseRate: 0 });
    expect(cardView({ ...card, responseRate: 0 })).not.toHaveProperty("responseTime");
  });
});

describe("the price line a keyword matched", () => {
  it("travels with the list card when the keyword named a job, and is absent otherwise", () => {
    const matchedJob = { job: "tyre_r16", label: "", fromUah: 500 } as const;
    expect(cardView({ ...card, matchedJob })).toMatchObject({ matchedJob });
    expect(cardView(card)).not.toHaveProperty("matchedJob");
  });
});
