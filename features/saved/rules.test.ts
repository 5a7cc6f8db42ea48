import { describe, expect, it } from "vitest";

import type { SavedCardView } from "@/features/saved/answers";
import { cartItemOf, deviceIds, mergeSavedIds, SAVED_MAX } from "@/features/saved/rules";

const id = (n: number) => `0190${String(n).padStart(4, "0")}-0000-7000-8000-000000000000`;

describe("merging a device's Saved list into the account's", () => {
  it("keeps the account's order and adds the device's new ones after it, in the device's order", () => {
    expect(mergeSavedIds([id(2), id(1)], [id(3), id(1), id(4)])).toEqual({ added: [id(3), id(4)], notAdded: [] });
  });

  it("is idempotent: merging the same list again adds nothing", () => {
    const account = [id(1), id(2)];
    const { added } = mergeSavedIds(account, [id(3), id(2)]);
    expect(mergeSavedIds([...account, ...added], [id(3), id(2)])).toEqual({ added: [], notAdded: [] });
  });

  it("counts an id once, whatever its letters' case or how often the device lists it", () => {
    const upper = id(1).toUpperCase().replace("0190", "0190");
    expect(mergeSavedIds([id(1)], [upper, id(5), id(5).toUpperCase()])).toEqual({ added: [id(5)], notAdded: [] });
  });

  it("adds only what fits under the cap and names the rest", () => {
    const account = Array.from({ length: SAVED_MAX - 1 }, (_, n) => id(n));
    expect(mergeSavedIds(account, [id(500), id(501), id(0)])).toEqual({ added: [id(500)], notAdded: [id(501)] });
    expect(mergeSavedIds([], [id(1), id(2), id(3)], 2)).toEqual({ added: [id(1), id(2)], notAdded: [id(3)] });
  });
});

describe("the device's side", () => {
  it("sends each saved id once, at most the cap", () => {
    const items = [...Array.from({ length: SAVED_MAX + 5 }, (_, n) => ({ _id: id(n) })), { _id: id(0) }];
    expect(deviceIds(items)).toHaveLength(SAVED_MAX);
    expect(deviceIds([{ _id: id(1) }, { _id: id(1).toUpperCase() }, { _id: id(2) }])).toEqual([id(1), id(2)]);
  });

  it("leaves out what the device holds that is no service's id: the server would refuse the whole list for it", () => {
    expect(deviceIds([{ _id: "5f1b2c3d4e5f6a7b8c9d0e1f" }, { _id: id(1) }, { _id: "" }, { _id: "a,b" }])).toEqual([
      id(1),
    ]);
  });

  it("keeps what the device needs to show an item offline: name, picture, address, place and contacts", () => {
    const card: SavedCardView = {
      _id: id(1),
      name: "Шиномонтаж",
      role: "sto",
      image: "/api/uploads/x",
      address: "Київ",
      coordinates: { lat: 50.4, lng: 30.5 },
      openNow: true,
      nextChange: null,
      liveStatus: null,
      timeZone: "Europe/Kyiv",
      hoursKnown: true,
      claimed: true,
      contactPhone1: "+380441234567",
      contactPhone2: "",
      contactMail: "tyres@example.com",
    };
    expect(cartItemOf(card)).toEqual({
      _id: id(1),
      name: "Шиномонтаж",
      image: "/api/uploads/x",
      address: "Київ",
      coordinates: { lat: 50.4, lng: 30.5 },
      contactPhone1: "+380441234567",
      contactPhone2: "",
      contactMail: "tyres@example.com",
    });
  });
});
