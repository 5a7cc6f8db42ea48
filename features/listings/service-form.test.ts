import { describe, expect, it } from "vitest";

import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { changedFields, EMPTY_SERVICE, formStateOf } from "@/features/listings/service-form";

const stored = formStateOf({
  ...EMPTY_SERVICE,
  _id: "x",
  ispaid: false,
  name: "СТО Схід",
  contactMail: "a@b.ua",
  coordinates: { lat: 50, lng: 30 },
  address: "Київ",
} as never);

describe("changedFields", () => {
  it("is empty when nothing changed, even with timetable keys in another order", () => {
    const reordered = Object.fromEntries(Object.entries(DEFAULT_TIMETABLE).reverse()) as typeof DEFAULT_TIMETABLE;
    expect(changedFields(stored, { ...stored, timetable: reordered })).toEqual({});
  });

  it("has only the fields that differ", () => {
    expect(changedFields(stored, { ...stored, name: "СТО Захід", experience: 3 })).toEqual({
      name: "СТО Захід",
      experience: 3,
    });
    const timetable = { ...DEFAULT_TIMETABLE, sunday: { closed: false, opening: "10:00", closing: "14:00" } };
    expect(changedFields(stored, { ...stored, timetable })).toEqual({ timetable });
  });

  it("sends the photos as a list when their order changed, never the single image", () => {
    const withPhotos = { ...stored, images: ["/api/uploads/a", "/api/uploads/b"] };
    expect(changedFields(withPhotos, { ...withPhotos, images: ["/api/uploads/b", "/api/uploads/a"] })).toEqual({
      images: ["/api/uploads/b", "/api/uploads/a"],
    });
    expect(changedFields(withPhotos, { ...withPhotos, image: "/api/uploads/b" } as never)).toEqual({});
  });

  it("sends location and address together, as the server checks them together", () => {
    expect(changedFields(stored, { ...stored, address: "Київ, Хрещатик" })).toEqual({
      address: "Київ, Хрещатик",
      coordinates: { lat: 50, lng: 30 },
    });
  });
});

describe("formStateOf", () => {
  it("keeps the form fields of a stored service and drops the rest", () => {
    expect(Object.keys(stored)).not.toContain("_id");
    expect(stored.name).toBe("СТО Схід");
    expect(formStateOf({}).timetable).toEqual(DEFAULT_TIMETABLE);
  });
});
