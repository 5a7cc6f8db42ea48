import { describe, expect, it } from "vitest";
import { z } from "zod";

import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import type { ServiceDetail } from "@/features/catalog/answers";
import { JSON_LD_REVIEWS, serviceJsonLd } from "@/features/catalog/json-ld";
import type { ReviewView } from "@/features/reviews/answers";

const rating = z.object({
  "@type": z.literal("Rating"),
  ratingValue: z.number().min(1).max(5),
  bestRating: z.literal(5),
  worstRating: z.literal(1),
});
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What search engines need of an AutoRepair (schema.org LocalBusiness) with its reviews. */
const AutoRepair = z.strictObject({
  "@context": z.literal("https://schema.org"),
  "@type": z.literal("AutoRepair"),
  name: z.string().min(1),
  url: z.url(),
  image: z.url().optional(),
  description: z.string().min(1).optional(),
  telephone: z
    .string()
    .regex(/^\+380\d{9}$/)
    .optional(),
  email: z.email().optional(),
  address: z.strictObject({
    "@type": z.literal("PostalAddress"),
    streetAddress: z.string().min(1).optional(),
    addressLocality: z.string().min(1).optional(),
    addressRegion: z.string().min(1).optional(),
    postalCode: z
      .string()
      .regex(/^\d{5}$/)
      .optional(),
    addressCountry: z.literal("UA"),
  }),
  geo: z.strictObject({ "@type": z.literal("GeoCoordinates"), latitude: z.number(), longitude: z.number() }),
  openingHoursSpecification: z
    .array(
      z.strictObject({
        "@type": z.literal("OpeningHoursSpecification"),
        dayOfWeek: z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]),
        opens: z.string().regex(/^\d{2}:\d{2}$/),
        closes: z.string().regex(/^\d{2}:\d{2}$/),
      }),
    )
    .optional(),
  paymentAccepted: z.string().optional(),
  specialOpeningHoursSpecification: z
    .array(
      z.strictObject({
        "@type": z.literal("OpeningHoursSpecification"),
        validFrom: date,
        validThrough: date,
        opens: z.string().regex(/^\d{2}:\d{2}$/),
        closes: z.string().regex(/^\d{2}:\d{2}$/),
      }),
    )
    .optional(),
  aggregateRating: z
    .strictObject({
      "@type": z.literal("AggregateRating"),
      ratingValue: z.number().min(1).max(5),
      reviewCount: z.number().int().positive(),
      bestRating: z.literal(5),
      worstRating: z.literal(1),
    })
    .optional(),
  review: z
    .array(
      z.strictObject({
        "@type": z.literal("Review"),
        author: z.strictObject({ "@type": z.literal("Person"), name: z.string().min(1) }),
        datePublished: date,
        reviewRating: rating.strict(),
        reviewBody: z.string().min(1).optional(),
      }),
    )
    .min(1)
    .max(JSON_LD_REVIEWS)
    .optional(),
  sameAs: z.array(z.url()),
});

function review(n: number, comment = `Review ${n}`): ReviewView {
  return {
    _id: `r${n}`,
    name: `Reviewer ${n}`,
    rating: { quality: 5, speed: 4, price: 3, avg: 4 },
    comment,
    createdAt: new Date(Date.UTC(2026, 0, 30 - n, 12)).toISOString(),
    verified: false,
    reply: null,
    hidden: null,
    held: false,
  };
}

function service(overrides: Partial<ServiceDetail> = {}): ServiceDetail {
  return {
    _id: "01a20818-beb7-731c-923c-c598f53fcbb2",
    name: "СТО Автодоктор",
    role: "sto",
    image: "/api/uploads/01a20818-0000-7000-8000-000000000001",
    address: "15, вулиця Соборна, Вінниця, Вінницький район, Вінницька область, 21000, Україна",
    coordinates: { lat: 49.2331, lng: 28.4682 },
    isOnTheGo: false,
    category: "any",
    brand: "Any",
    rating: { avg: 4.2, quality: 4.5, speed: 4, price: 4.1, score: 4.1 },
    numReviews: 7,
    fullReviews: 7,
    openNow: true,
    nextChange: null,
    liveStatus: null,
    specialHours: [],
    hoursConfirmedAt: "2026-11-20T10:00:00.000Z",
    prices: null,
    paidMedians: [],
    contactPhone1: "050 123 4567",
    viber: "",
    telegram: "",
    paymentMethods: ["cash", "card"],
    cashOnlyInOutage: false,
    images: [],
    description: "Ремонт «під ключ»",
    experience: 10,
    contactPhone2: "",
    contactMail: "sto@maister.local",
    website: "https://sto.example",
    facebook: "",
    instagram: "",
    timeZone: "Europe/Kyiv",
    timetable: { ...DEFAULT_TIMETABLE, sunday: { closed: false, opening: "00:00", closing: "24:00" } },
    reviews: Array.from({ length: 7 }, (_, index) => review(index + 1, index === 1 ? "" : undefined)),
    user: "01a20818-0000-7000-8000-000000000002",
    burstFlagged: false,
    source: "owner",
    claimed: true,
    hoursKnown: true,
    hoursText: "",
    workKinds: [],
    responseTime: null,
    responseRate: null,
    osm: null,
    ...overrides,
  };
}

const build = (detail: ServiceDetail) =>
  serviceJsonLd(detail, `https://maister.example/service/${detail._id}`, "https://maister.example");
/** As the page serialises it: undefined fields disappear. */
const serialised = (detail: ServiceDetail) => JSON.parse(JSON.stringify(build(detail))) as unknown;

describe("serviceJsonLd", () => {
  it("describes a reviewed service as a schema.org AutoRepair", () => {
    const data = AutoRepair.parse(serialised(service()));
    expect(data.address).toEqual({
      "@type": "PostalAddress",
      streetAddress: "15, вулиця Соборна",
      addressLocality: "Вінниця",
      addressRegion: "Вінницька область",
      postalCode: "21000",
      addressCountry: "UA",
    });
    expect(data.telephone).toBe("+380501234567");
    expect(data.image).toBe("https://maister.example/api/uploads/01a20818-0000-7000-8000-000000000001");
    expect(data.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.2,
      reviewCount: 7,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.openingHoursSpecification!.map((day) => day.dayOfWeek)).toEqual([
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Sunday",
    ]);
    expect(data.openingHoursSpecification!.at(-1)).toMatchObject({ opens: "00:00", closes: "23:59" });
    expect(data.sameAs).toEqual(["https://sto.example"]);
    expect(data).not.toHaveProperty("priceRange");
  });

  it("carries the newest reviews, each with author, rating, date and text when there is one", () => {
    const data = AutoRepair.parse(serialised(service()));
    expect(data.review).toHaveLength(JSON_LD_REVIEWS);
    expect(data.review![0]).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Reviewer 1" },
      datePublished: "2026-01-29",
      reviewRating: { "@type": "Rating", ratingValue: 4, bestRating: 5, worstRating: 1 },
      reviewBody: "Review 1",
    });
    expect(data.review![1]).not.toHaveProperty("reviewBody");
  });

  it("an unclaimed imported place with unknown hours and no e-mail claims no hours and no address to write to", () => {
    const data = AutoRepair.parse(
      serialised(
        service({
          source: "osm",
          claimed: false,
          user: null,
          hoursKnown: false,
          hoursText: "Mo-Fr 09:00-18:00; PH off",
          timetable: DEFAULT_TIMETABLE,
          contactMail: "",
          osm: {
            type: "node",
            id: "42",
            url: "https://www.openstreetmap.org/node/42",
            editUrl: "https://www.openstreetmap.org/edit?node=42",
          },
        }),
      ),
    );
    expect(data).not.toHaveProperty("openingHoursSpecification");
    expect(data).not.toHaveProperty("email");
    expect(data.name).toBe("СТО Автодоктор");
  });

  it("leaves out what a service does not have", () => {
    const data = AutoRepair.parse(
      serialised(
        service({
          image: null,
          description: "",
          contactPhone1: "",
          numReviews: 0,
          reviews: [],
          website: "",
          address: "49.233100, 28.468200",
        }),
      ),
    );
    for (const field of ["image", "description", "telephone", "aggregateRating", "review"])
      expect(data).not.toHaveProperty(field);
    expect(data.address).toEqual({ "@type": "PostalAddress", addressCountry: "UA" });
    expect(data.sameAs).toEqual([]);
  });

  it("takes the second phone when only it can be dialled from abroad", () => {
    expect(build(service({ contactPhone1: "380 501 2345", contactPhone2: "067 765 4321" })).telephone).toBe(
      "+380677654321",
    );
  });
});

describe("serviceJsonLd special hours", () => {
  it("gives dated exceptions as specialOpeningHoursSpecification, a closed day as 00:00–00:00", () => {
    const specialHours = [
      {
        startsOn: "2026-12-25",
        endsOn: "2026-12-25",
        closed: true,
        opensAt: 540,
        closesAt: 1080,
        reason: "",
        holiday: "christmas" as const,
      },
      {
        startsOn: "2026-12-31",
        endsOn: "2026-12-31",
        closed: false,
        opensAt: 540,
        closesAt: 840,
        reason: "Short day",
        holiday: null,
      },
    ];
    const data = AutoRepair.parse(serialised(service({ specialHours })));
    expect(data.specialOpeningHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2026-12-25",
        validThrough: "2026-12-25",
        opens: "00:00",
        closes: "00:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        validFrom: "2026-12-31",
        validThrough: "2026-12-31",
        opens: "09:00",
        closes: "14:00",
      },
    ]);
    expect(AutoRepair.parse(serialised(service())).specialOpeningHoursSpecification).toBeUndefined();
  });
});

describe("serviceJsonLd contacts", () => {
  it("names the payment methods and links the Telegram profile", () => {
    const data = AutoRepair.parse(
      serialised(service({ paymentMethods: ["cash", "card", "transfer"], telegram: "maister_sto" })),
    );
    expect(data.paymentAccepted).toBe("Cash, Credit Card, Bank Transfer");
    expect(data.sameAs).toContain("https://t.me/maister_sto");
    expect(AutoRepair.parse(serialised(service({ paymentMethods: [] }))).paymentAccepted).toBeUndefined();
  });
});
