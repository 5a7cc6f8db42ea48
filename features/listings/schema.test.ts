import { describe, expect, it } from "vitest";

import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { serviceInput, servicePatch } from "@/features/listings/schema";
import { fieldErrors } from "@/lib/zod";

const valid = {
  name: "СТО Південь",
  contactPhone1: "067 123 4567",
  contactMail: "sto@example.com",
  coordinates: { lat: 50.45, lng: 30.52 },
  address: "вул. Хрещатик, 1, Київ",
  timetable: DEFAULT_TIMETABLE,
};

const firstError = (input: unknown) => {
  const parsed = serviceInput.safeParse(input);
  return parsed.success ? null : Object.entries(fieldErrors(parsed.error))[0];
};

describe("serviceInput (spec §5)", () => {
  it("takes up to six photos of ours, each once, and reports every problem on the list", () => {
    const photo = (n: number) => `/api/uploads/0195f6c8-1111-7222-8333-${String(n).padStart(12, "0")}`;
    expect(serviceInput.parse({ ...valid, images: [1, 2, 3, 4, 5, 6].map(photo) }).images).toHaveLength(6);
    expect(serviceInput.parse(valid).images).toBeUndefined();
    expect(firstError({ ...valid, images: [1, 2, 3, 4, 5, 6, 7].map(photo) })).toEqual([
      "images",
      "Validation.imagesMax",
    ]);
    expect(
      firstError({ ...valid, images: [photo(1), photo(1).toUpperCase().replace("/API/UPLOADS/", "/api/uploads/")] }),
    ).toEqual(["images", "Validation.imagesDuplicate"]);
    for (const foreign of [
      "https://example.com/a.jpg",
      "/api/uploads/x",
      "",
      "/api/uploads/0195f6c8-1111-7222-8333-444455556666?w=160",
    ]) {
      expect(firstError({ ...valid, images: [photo(1), foreign] })).toEqual(["images", "Validation.imageForeign"]);
    }
    expect(firstError({ ...valid, images: photo(1) })).toEqual(["images", "Validation.imageForeign"]);
  });

  it("takes 'cash only during outages' only with cash among the payment methods", () => {
    expect(firstError({ ...valid, paymentMethods: ["card"], cashOnlyInOutage: true })).toEqual([
      "cashOnlyInOutage",
      "Validation.cashOnlyNeedsCash",
    ]);
    expect(firstError({ ...valid, cashOnlyInOutage: true })).toEqual([
      "cashOnlyInOutage",
      "Validation.cashOnlyNeedsCash",
    ]);
    expect(serviceInput.parse({ ...valid, paymentMethods: ["card", "cash"], cashOnlyInOutage: true })).toMatchObject({
      paymentMethods: ["cash", "card"],
      cashOnlyInOutage: true,
    });
    expect(serviceInput.parse({ ...valid, paymentMethods: ["card"], cashOnlyInOutage: false }).cashOnlyInOutage).toBe(
      false,
    );
  });

  it("accepts a complete station with defaults for the optional fields", () => {
    const parsed = serviceInput.parse(valid);
    expect(parsed).toMatchObject({
      contactPhone1: "+380671234567",
      contactPhone2: "",
      website: "",
      category: "any",
      brand: "Any",
      experience: 0,
      isOnTheGo: false,
      image: null,
      description: "",
    });
  });

  it("stores every accepted way of writing a phone number as +380XXXXXXXXX and refuses the rest", () => {
    const phones = (contactPhone1: string, contactPhone2 = "") =>
      serviceInput.parse({ ...valid, contactPhone1, contactPhone2 });
    expect(phones("+38(067)1234567", " 050 000 1111 ")).toMatchObject({
      contactPhone1: "+380671234567",
      contactPhone2: "+380500001111",
    });
    expect(phones("380671234567").contactPhone1).toBe("+380671234567");
    for (const wrong of ["380 671 2345", "067123456", "+1 650 253 0000", "0671234567x", "+38(067)1234567890"]) {
      expect(firstError({ ...valid, contactPhone1: wrong }), wrong).toEqual(["contactPhone1", "Validation.phone"]);
    }
    expect(
      servicePatch.parse({ _id: "0195f6c8-1111-7222-8333-444455556666", contactPhone2: "+38 (050) 000-11-11" }),
    ).toMatchObject({
      contactPhone2: "+380500001111",
    });
  });

  it("takes trailers and stores them as trucks (spec §3: sent as trucks)", () => {
    expect(serviceInput.parse({ ...valid, category: "trailers" }).category).toBe("trucks");
    expect(serviceInput.parse({ ...valid, category: "trucks" }).category).toBe("trucks");
    expect(servicePatch.parse({ _id: "0195f6c8-1111-7222-8333-444455556666", category: "trailers" })).toMatchObject({
      category: "trucks",
    });
  });

  it("says which coordinate is off the globe; no point at all asks for one on the map", () => {
    expect(firstError({ ...valid, coordinates: { lat: 91, lng: 30 } })).toEqual([
      "coordinates.lat",
      "Validation.latitude",
    ]);
    expect(firstError({ ...valid, coordinates: { lat: 50, lng: -180.5 } })).toEqual([
      "coordinates.lng",
      "Validation.longitude",
    ]);
    expect(firstError({ ...valid, coordinates: { lat: "50,45", lng: 30 } })).toEqual([
      "coordinates.lat",
      "Validation.latitude",
    ]);
    expect(firstError({ ...valid, coordinates: null })).toEqual(["coordinates", "Validation.location"]);
  });

  it("reports errors in the spec's order: name, phone 1, phone 2, contact mail, location, website, facebook, instagram", () => {
    const bad = {
      ...valid,
      name: "x",
      contactPhone1: "123",
      contactPhone2: "12",
      contactMail: "no",
      coordinates: undefined,
      address: "",
      website: "www",
      facebook: "x",
      instagram: "y",
    };
    expect(firstError(bad)).toEqual(["name", "Validation.serviceName"]);
    expect(firstError({ ...bad, name: valid.name })).toEqual(["contactPhone1", "Validation.phone"]);
    expect(firstError({ ...bad, name: valid.name, contactPhone1: "" })).toEqual(["contactPhone2", "Validation.phone"]);
    expect(firstError({ ...valid, contactMail: "a@b" })).toEqual(["contactMail", "Validation.contactMail"]);
    expect(firstError({ ...valid, coordinates: undefined })).toEqual(["coordinates", "Validation.location"]);
    expect(firstError({ ...valid, address: " " })).toEqual(["address", "Validation.location"]);
    expect(firstError({ ...valid, website: "example.com" })).toEqual(["website", "Validation.website"]);
    expect(firstError({ ...valid, facebook: "https://evil.com/x" })).toEqual(["facebook", "Validation.facebook"]);
    expect(firstError({ ...valid, instagram: "instagram.com/" })).toEqual(["instagram", "Validation.instagram"]);
  });

  it("accepts the social links people paste", () => {
    expect(
      serviceInput.safeParse({
        ...valid,
        website: "https://sto.ua",
        facebook: "https://www.facebook.com/sto.pivden",
        instagram: "instagram.com/sto_pivden/",
      }).success,
    ).toBe(true);
  });

  it("limits lengths, lists and the image to our own uploads", () => {
    expect(firstError({ ...valid, description: "x".repeat(501) })).toEqual(["description", "Validation.description"]);
    expect(firstError({ ...valid, brand: "Tesla" })).toEqual(["brand", "Validation.brand"]);
    expect(firstError({ ...valid, brand: 7 })).toEqual(["brand", "Validation.brand"]);
    expect(firstError({ ...valid, category: "boats" })).toEqual(["category", "Validation.category"]);
    expect(firstError({ ...valid, experience: 20 })).toEqual(["experience", "Validation.experience"]);
    expect(serviceInput.parse({ ...valid, experience: 21 }).experience).toBe(21);
    expect(firstError({ ...valid, image: "https://evil.example/x.png" })).toEqual(["image", "Validation.imageType"]);
    expect(
      serviceInput.parse({ ...valid, image: "/api/uploads/0195f6c8-1111-7222-8333-444455556666" }).image,
    ).toContain("/api/uploads/");
  });

  it("names the day whose closing time is not after its opening time", () => {
    const timetable = { ...DEFAULT_TIMETABLE, wednesday: { closed: false, opening: "18:00", closing: "09:00" } };
    expect(firstError({ ...valid, timetable })).toEqual(["timetable.wednesday", "Validation.closingAfterOpening"]);
    const closed = { ...DEFAULT_TIMETABLE, sunday: { closed: true, opening: "16:00", closing: "10:00" } };
    expect(serviceInput.safeParse({ ...valid, timetable: closed }).success).toBe(true);
    expect(
      firstError({
        ...valid,
        timetable: { ...DEFAULT_TIMETABLE, monday: { closed: false, opening: "9:00", closing: "18:00" } },
      }),
    ).toEqual(["timetable.monday.opening", "Validation.time"]);
  });
});

describe("servicePatch", () => {
  it("keeps only the fields sent, without filling defaults", () => {
    expect(
      servicePatch.parse({ _id: "0195f6c8-1111-7222-8333-444455556666", name: "Нова назва", role: "admin" }),
    ).toEqual({
      _id: "0195f6c8-1111-7222-8333-444455556666",
      name: "Нова назва",
    });
  });

  it("needs a valid _id and still checks each field", () => {
    expect(servicePatch.safeParse({ name: "Нова назва" }).success).toBe(false);
    expect(servicePatch.safeParse({ _id: "0195f6c8-1111-7222-8333-444455556666", contactPhone1: "1234" }).success).toBe(
      false,
    );
  });
});

describe("brand spelling", () => {
  it("offers Chevrolet and ВАЗ/Lada, and takes the old spellings a client may still send, as the new", () => {
    expect(serviceInput.parse({ ...valid, brand: "Chevrolet" }).brand).toBe("Chevrolet");
    expect(serviceInput.parse({ ...valid, brand: "ВАЗ/Lada" }).brand).toBe("ВАЗ/Lada");
    expect(serviceInput.parse({ ...valid, brand: "Shevrolet" }).brand).toBe("Chevrolet");
    expect(serviceInput.parse({ ...valid, brand: "Waz/Lada" }).brand).toBe("ВАЗ/Lada");
    expect(servicePatch.parse({ _id: "0190a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b", brand: "Shevrolet" }).brand).toBe(
      "Chevrolet",
    );
  });
});
