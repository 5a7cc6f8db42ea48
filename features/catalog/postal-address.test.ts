import { describe, expect, it } from "vitest";

import { postalAddress, shortPlace } from "@/features/catalog/postal-address";

describe("postalAddress", () => {
  it("reads locality, region and postal code from Nominatim's display_name, in both languages", () => {
    expect(
      postalAddress(
        "15, вулиця Соборна, Центр, Вінниця, Вінницька міська громада, Вінницький район, Вінницька область, 21000, Україна",
      ),
    ).toEqual({
      streetAddress: "15, вулиця Соборна, Центр",
      addressLocality: "Вінниця",
      addressRegion: "Вінницька область",
      postalCode: "21000",
    });
    expect(
      postalAddress(
        "15, Soborna Street, Tsentr, Vinnytsia, Vinnytsia Urban Hromada, Vinnytsia Raion, Vinnytsia Oblast, 21000, Ukraine",
      ),
    ).toEqual({
      streetAddress: "15, Soborna Street, Tsentr",
      addressLocality: "Vinnytsia",
      addressRegion: "Vinnytsia Oblast",
      postalCode: "21000",
    });
    // Kyiv belongs to no oblast.
    expect(postalAddress("22, вулиця Хрещатик, Липки, Печерський район, Київ, 01001, Україна")).toEqual({
      streetAddress: "22, вулиця Хрещатик, Липки",
      addressLocality: "Київ",
      postalCode: "01001",
    });
  });

  it("reads the city at the end of a typed address", () => {
    expect(postalAddress("вул. Хрещатик, 25, Київ")).toEqual({
      streetAddress: "вул. Хрещатик, 25",
      addressLocality: "Київ",
    });
    expect(postalAddress("просп. Миру 5,Чернігів ")).toEqual({
      streetAddress: "просп. Миру 5",
      addressLocality: "Чернігів",
    });
  });

  it("calls nothing a locality that could be part of the street", () => {
    expect(postalAddress("вул. Хрещатик, 22")).toEqual({ streetAddress: "вул. Хрещатик, 22" });
    expect(postalAddress("Київ, вул. Хрещатик, 22")).toEqual({ streetAddress: "Київ, вул. Хрещатик, 22" });
    expect(postalAddress("Центр, Люстдорфська дорога")).toEqual({ streetAddress: "Центр, Люстдорфська дорога" });
    expect(postalAddress("Depot, Khreshchatyk Street")).toEqual({ streetAddress: "Depot, Khreshchatyk Street" });
    expect(postalAddress("вулиця Соборна")).toEqual({ streetAddress: "вулиця Соборна" });
  });

  it("gives a one-part address after the region its locality", () => {
    expect(postalAddress("Гнівань, Вінницька область")).toEqual({
      addressLocality: "Гнівань",
      addressRegion: "Вінницька область",
    });
  });

  it("has no street for an address that is only coordinates", () => {
    expect(postalAddress("49.233100, 28.468200")).toEqual({});
  });
});

describe("shortPlace", () => {
  it("is the city an address names, wherever the owner or the geocoder put it", () => {
    expect(shortPlace("вул. Антоновича, 127, Київ")).toBe("Київ");
    expect(shortPlace("просп. Володимира Івасюка, 12, Київ, 04210")).toBe("Київ");
    expect(shortPlace("вул. Галицька, 4, Івано-Франківськ")).toBe("Івано-Франківськ");
    expect(
      shortPlace(
        "15, вулиця Соборна, Центр, Вінниця, Вінницька міська громада, Вінницький район, Вінницька область, 21000, Україна",
      ),
    ).toBe("Вінниця");
    expect(shortPlace("Гнівань, Вінницька область")).toBe("Гнівань");
  });

  it("is the address itself when it names no city apart from the street, or is all there is", () => {
    expect(shortPlace("Київ")).toBe("Київ");
    expect(shortPlace(" вул. Хрещатик, 22 ")).toBe("вул. Хрещатик, 22");
    expect(shortPlace("49.233100, 28.468200")).toBe("49.233100, 28.468200");
  });
});
