import { describe, expect, it } from "vitest";

import { fieldErrors } from "@/lib/zod";

import { acceptInput, answerInput, cancelInput, inboxQuery, kyivDay, requestInput, suggestQuery } from "./schema";

// 10:00 in Kyiv on 1 March 2026 (UTC+2): "today" is 2026-03-01.
const NOW = new Date("2026-03-01T08:00:00Z");
const SERVICE = "01890000-0000-7000-8000-000000000001";
const valid = {
  serviceIds: [SERVICE],
  job: "brake_pads",
  car: { make: "Skoda", model: "Octavia", year: 2015, fuel: "diesel" },
  when: { from: "2026-03-02", to: "2026-03-04", partOfDay: "morning" },
};

const errorsOf = (
  schema: { safeParse: (value: unknown) => { error?: Parameters<typeof fieldErrors>[0] } },
  body: unknown,
) => {
  const error = schema.safeParse(body).error;
  return error ? fieldErrors(error) : {};
};

describe("requestInput", () => {
  const schema = requestInput(NOW);

  it("takes a request and gives back the day range as sent", () => {
    expect(schema.parse(valid)).toMatchObject({
      serviceIds: [SERVICE],
      description: "",
      images: [],
      when: { from: "2026-03-02", to: "2026-03-04", partOfDay: "morning" },
    });
    expect(schema.parse({ ...valid, when: { asap: true, from: "2026-03-02" } }).when).toEqual({ asap: true });
  });

  it.each([
    [{ serviceIds: [] }, "serviceIds", "Requests.servicesRequired"],
    [
      { serviceIds: Array.from({ length: 6 }, (_, n) => SERVICE.replace(/1$/, String(n))) },
      "serviceIds",
      "Requests.tooManyServices",
    ],
    [{ serviceIds: [SERVICE, SERVICE.toUpperCase()] }, "serviceIds", "Requests.servicesDuplicate"],
    [{ serviceIds: ["nope"] }, "serviceIds.0", "Requests.serviceGone"],
    [{ job: "painting" }, "job", "Requests.job"],
    [{ job: "custom", description: "  help  " }, "description", "Requests.descriptionRequired"],
    [{ description: "x".repeat(1001) }, "description", "Requests.descriptionTooLong"],
    [{ car: null }, "car", "Requests.car"],
    [{ car: { ...valid.car, make: "Any" } }, "car.make", "Requests.carMake"],
    [{ car: { ...valid.car, model: " " } }, "car.model", "Requests.carModel"],
    [{ car: { ...valid.car, model: "x".repeat(61) } }, "car.model", "Requests.carModel"],
    [{ car: { ...valid.car, year: 1949 } }, "car.year", "Requests.carYear"],
    [{ car: { ...valid.car, year: 2028 } }, "car.year", "Requests.carYear"],
    [{ car: { ...valid.car, year: 2015.5 } }, "car.year", "Requests.carYear"],
    [{ car: { ...valid.car, fuel: "coal" } }, "car.fuel", "Requests.carFuel"],
    [{ when: "soon" }, "when", "Requests.when"],
    [{ when: {} }, "when.from", "Requests.when"],
    [{ when: { from: "2026-03-02" } }, "when.to", "Requests.when"],
    [{ when: { from: "2026-02-30", to: "2026-03-04" } }, "when.from", "Requests.date"],
    [{ when: { from: "2026-02-28", to: "2026-03-04" } }, "when.from", "Requests.datePast"],
    [{ when: { from: "2026-03-02", to: "2026-05-31" } }, "when.to", "Requests.whenTooFar"],
    [{ when: { from: "2026-03-04", to: "2026-03-02" } }, "when.to", "Requests.whenOrder"],
    [{ when: { ...valid.when, partOfDay: "night" } }, "when.partOfDay", "Requests.partOfDay"],
    [
      { images: ["/api/uploads/x", "/api/uploads/y", "/api/uploads/z", "/api/uploads/w"] },
      "images",
      "Requests.imagesMax",
    ],
    [{ images: ["https://evil.example/a.png"] }, "images", "Validation.imageForeign"],
    [{ near: { lat: 91, lng: 30 } }, "near.lat", "Validation.latitude"],
  ])("refuses %j on %s with %s", (change, field, key) => {
    expect(errorsOf(schema, { ...valid, ...change })).toEqual({ [field]: key });
  });

  it("counts days in Kyiv: just after midnight there it is already the next day", () => {
    expect(kyivDay(new Date("2026-02-28T22:30:00Z"))).toBe("2026-03-01");
    expect(
      errorsOf(requestInput(new Date("2026-02-28T22:30:00Z")), {
        ...valid,
        when: { from: "2026-02-28", to: "2026-03-01" },
      }),
    ).toEqual({
      "when.from": "Requests.datePast",
    });
  });
});

describe("answerInput", () => {
  const schema = answerInput(NOW);
  const base = { serviceId: SERVICE };

  it("takes a price and a time, a range and a day, a message alone, or a decline", () => {
    expect(schema.parse({ ...base, price: 1500, slot: "2026-03-02T09:00:00.000Z" })).toMatchObject({
      price: 1500,
      slot: new Date("2026-03-02T09:00:00.000Z"),
      decline: false,
    });
    expect(schema.parse({ ...base, priceFrom: 1000, priceTo: 2000, earliest: "2026-03-01" })).toMatchObject({
      priceFrom: 1000,
      priceTo: 2000,
      earliest: "2026-03-01",
    });
    expect(schema.parse({ ...base, message: "Call us" })).toMatchObject({ message: "Call us", price: null });
    expect(schema.parse({ ...base, decline: true })).toMatchObject({ decline: true, price: null, slot: null });
  });

  it.each([
    [{ serviceId: 5 }, "serviceId", "Requests.serviceRequired"],
    [{}, "price", "Requests.answerEmpty"],
    [{ price: 0 }, "price", "Requests.price"],
    [{ price: 200_001 }, "price", "Requests.price"],
    [{ price: 10.5 }, "price", "Requests.price"],
    [{ price: 100, priceFrom: 50, priceTo: 150 }, "priceFrom", "Requests.priceOrRange"],
    [{ priceFrom: 50 }, "priceTo", "Requests.priceRange"],
    [{ priceFrom: 500, priceTo: 100 }, "priceTo", "Requests.priceRangeOrder"],
    [{ slot: "tomorrow" }, "slot", "Requests.slot"],
    [{ slot: "2026-03-02T09:00" }, "slot", "Requests.slot"],
    [{ slot: "2026-03-01T07:00:00Z" }, "slot", "Requests.slotPast"],
    [{ slot: "2027-03-02T09:00:00Z" }, "slot", "Requests.answerTooFar"],
    [{ earliest: "2026-02-28" }, "earliest", "Requests.datePast"],
    [{ slot: "2026-03-02T09:00:00Z", earliest: "2026-03-02" }, "earliest", "Requests.slotOrEarliest"],
    [{ message: "x".repeat(1001) }, "message", "Requests.messageTooLong"],
    [{ decline: "yes" }, "decline", "Validation.flag"],
    [{ decline: true, price: 100 }, "price", "Requests.declineOnly"],
  ])("refuses %j on %s with %s", (change, field, key) => {
    expect(errorsOf(schema, { ...base, ...change })).toEqual({ [field]: key });
  });
});

describe("the small inputs", () => {
  it("names each wrong field", () => {
    expect(errorsOf(acceptInput, {})).toEqual({ answerId: "Requests.answerRequired" });
    expect(errorsOf(cancelInput, { reason: " " })).toEqual({ reason: "Requests.reason" });
    expect(errorsOf(cancelInput, { reason: "x".repeat(501) })).toEqual({ reason: "Requests.reason" });
    expect(errorsOf(cancelInput, { reason: "ok", serviceId: "x" })).toEqual({ serviceId: "Requests.serviceRequired" });
    expect(errorsOf(inboxQuery, { status: "old" })).toEqual({ status: "Requests.inboxFilter" });
    expect(inboxQuery.parse({})).toEqual({ status: "new", page: 1 });
    expect(errorsOf(suggestQuery, { job: "oil_change" })).toEqual({ serviceId: "Requests.suggestWhere" });
    expect(errorsOf(suggestQuery, { job: "oil_change", lat: "x", lng: "30" })).toEqual({ lat: "Validation.latitude" });
    expect(suggestQuery.parse({ job: "custom", lat: "50.4", lng: "30.5" })).toMatchObject({ lat: 50.4, lng: 30.5 });
  });
});

describe("requestInput: car makes", () => {
  it("offers Chevrolet and ВАЗ/Lada and takes the old spellings an older page may send, as the new", () => {
    const schema = requestInput(NOW);
    const make = (sent: string) => schema.parse({ ...valid, car: { ...valid.car, make: sent } }).car.make;
    expect(make("Chevrolet")).toBe("Chevrolet");
    expect(make("ВАЗ/Lada")).toBe("ВАЗ/Lada");
    expect(make("Shevrolet")).toBe("Chevrolet");
    expect(make("Waz/Lada")).toBe("ВАЗ/Lada");
  });
});
