import { describe, expect, it } from "vitest";

import { mapElement } from "@/features/osm/mapping";
import type { OsmListing, OverpassElement } from "@/features/osm/types";

const KYIV = { lat: 50.4501, lon: 30.5234 };

function node(tags: Record<string, string>, position: Partial<OverpassElement> = KYIV): OverpassElement {
  return { type: "node", id: 9000000001, ...position, tags };
}

/** A car repair shop with a name and the given tags, mapped; fails the test if it is skipped. */
function listing(tags: Record<string, string>, position?: Partial<OverpassElement>): OsmListing {
  const mapped = mapElement(node({ shop: "car_repair", name: "СТО Тест", ...tags }, position));
  if ("skip" in mapped) throw new Error(`skipped: ${mapped.skip}`);
  return mapped;
}

describe("mapElement", () => {
  it("maps a well-tagged car repair shop", () => {
    expect(
      mapElement(
        node({
          shop: "car_repair",
          name: "СТО Автодім",
          "name:en": "Avtodim",
          "addr:street": "вулиця Хрещатик",
          "addr:housenumber": "22",
          "addr:city": "Київ",
          "addr:postcode": "01001",
          phone: "+380 44 123 4567",
          website: "https://avtodim.example.com",
          email: "Info@Avtodim.Example.com",
          "service:vehicle:car_repair": "yes",
          opening_hours: "Mo-Fr 09:00-18:00; Sa 10:00-14:00",
        }),
      ),
    ).toEqual({
      name: "СТО Автодім",
      address: "вул. Хрещатик, 22, Київ, 01001",
      latitude: 50.4501,
      longitude: 30.5234,
      phones: ["+380441234567"],
      website: "https://avtodim.example.com",
      email: "info@avtodim.example.com",
      category: "cars",
      workKinds: [],
      hours: [
        { weekday: 1, closed: false, opensAt: 540, closesAt: 1080 },
        { weekday: 2, closed: false, opensAt: 540, closesAt: 1080 },
        { weekday: 3, closed: false, opensAt: 540, closesAt: 1080 },
        { weekday: 4, closed: false, opensAt: 540, closesAt: 1080 },
        { weekday: 5, closed: false, opensAt: 540, closesAt: 1080 },
        { weekday: 6, closed: false, opensAt: 600, closesAt: 840 },
        { weekday: 7, closed: true, opensAt: 600, closesAt: 960 },
      ],
      hoursKnown: true,
      hoursText: "Mo-Fr 09:00-18:00; Sa 10:00-14:00",
    });
  });

  describe("which places are services", () => {
    it.each([[{ shop: "car_repair" }], [{ craft: "car_repair" }], [{ shop: "tyres" }], [{ shop: "car_repair;tyres" }]])(
      "imports %j",
      (tags) => {
        expect(mapElement(node({ ...tags, name: "Сервіс" }))).not.toHaveProperty("skip");
      },
    );

    it.each([[{ shop: "car" }], [{ amenity: "fuel" }], [{ shop: "car_parts" }], [{ craft: "carpenter" }], [{}]])(
      "skips %j as not a service",
      (tags) => {
        expect(mapElement(node({ ...tags, name: "Сервіс" }))).toEqual({ skip: "not-a-service" });
      },
    );

    it("skips an element without tags", () => {
      expect(mapElement({ type: "node", id: 1, ...KYIV })).toEqual({ skip: "not-a-service" });
    });
  });

  describe("name", () => {
    it("prefers name:uk, then name, name:en, brand, operator", () => {
      const all = { "name:uk": "Укр", name: "Назва", "name:en": "English", brand: "Бренд", operator: "ТОВ Оператор" };
      expect(listing(all).name).toBe("Укр");
      expect(listing({ ...all, "name:uk": " " }).name).toBe("Назва");
      expect(listing({ ...all, "name:uk": "", name: "" }).name).toBe("English");
      expect(listing({ ...all, "name:uk": "", name: "", "name:en": "" }).name).toBe("Бренд");
      expect(listing({ ...all, "name:uk": "", name: "", "name:en": "", brand: "" }).name).toBe("ТОВ Оператор");
    });

    it("trims, collapses spaces and keeps at most 100 characters", () => {
      expect(listing({ name: "  СТО \t  Мотор\n " }).name).toBe("СТО Мотор");
      const long = listing({ name: "Ш".repeat(140) }).name;
      expect(Array.from(long)).toHaveLength(100);
      // Counted in characters: a name of emoji is not cut inside one.
      expect(Array.from(listing({ name: "🚗".repeat(120) }).name)).toEqual(Array(100).fill("🚗"));
    });

    it("skips a place without any name", () => {
      expect(mapElement(node({ shop: "car_repair" }))).toEqual({ skip: "no-name" });
      expect(mapElement(node({ shop: "car_repair", name: "   " }))).toEqual({ skip: "no-name" });
    });
  });

  describe("position", () => {
    it("takes a node's lat/lon and a way's or relation's center", () => {
      expect(listing({}, { lat: 49.84, lon: 24.03 })).toMatchObject({ latitude: 49.84, longitude: 24.03 });
      const way = mapElement({
        type: "way",
        id: 9000000101,
        center: { lat: 46.48, lon: 30.73 },
        tags: { shop: "tyres", name: "Шини" },
      });
      expect(way).toMatchObject({ latitude: 46.48, longitude: 30.73 });
    });

    it.each([
      [{}],
      [{ lat: 50.45 }],
      [{ lat: 91, lon: 30 }],
      [{ lat: 50, lon: -181 }],
      [{ center: { lat: Number.NaN, lon: 30 } }],
      [{ lat: 0, lon: 0 }],
    ])("skips %j as having no position", (position) => {
      expect(mapElement({ type: "way", id: 2, ...position, tags: { shop: "car_repair", name: "СТО" } })).toEqual({
        skip: "no-position",
      });
    });
  });

  describe("address", () => {
    it.each<[Record<string, string>, string]>([
      [
        { "addr:street": "вул. Городоцька", "addr:housenumber": "15", "addr:city": "Львів" },
        "вул. Городоцька, 15, Львів",
      ],
      [
        { "addr:street": "проспект Науки", "addr:housenumber": "40", "addr:city": "Харків" },
        "просп. Науки, 40, Харків",
      ],
      [{ "addr:street": "провулок Тихий", "addr:city": "Одеса" }, "пров. Тихий, Одеса"],
      [{ "addr:street": "Люстдорфська дорога", "addr:housenumber": "140/2" }, "Люстдорфська дорога, 140/2"],
      [
        { "addr:street": "вулиця Робоча", "addr:housenumber": "5", "addr:city": "Дніпро", "addr:postcode": "49000" },
        "вул. Робоча, 5, Дніпро, 49000",
      ],
      [
        { "addr:street": "вулиця Шевченка", "addr:housenumber": "3", "addr:village": "Гатне" },
        "вул. Шевченка, 3, Гатне",
      ],
      [{ "addr:street": "вулиця Шевченка", "addr:place": "Гатне" }, "вул. Шевченка, Гатне"],
      [{ "addr:place": "Гатне", "addr:housenumber": "12" }, "Гатне, 12"],
      [{ "addr:place": "Гатне", "addr:city": "Гатне" }, "Гатне"],
      [{ "addr:housenumber": "22", "addr:city": "Київ" }, ""],
      [{}, ""],
    ])("%j → %j", (tags, address) => {
      expect(listing(tags).address).toBe(address);
    });

    it("keeps at most 300 characters", () => {
      expect(Array.from(listing({ "addr:street": "вул. " + "Д".repeat(400) }).address)).toHaveLength(300);
    });
  });

  describe("phones", () => {
    it("normalises every way of writing a Ukrainian number, from all four keys, each once, at most two", () => {
      expect(listing({ phone: "+38 (067) 123-45-67" }).phones).toEqual(["+380671234567"]);
      expect(listing({ "contact:phone": "044 123 45 67" }).phones).toEqual(["+380441234567"]);
      expect(listing({ mobile: "380501112233" }).phones).toEqual(["+380501112233"]);
      expect(listing({ "contact:mobile": "0931234567" }).phones).toEqual(["+380931234567"]);
      expect(listing({ phone: "+380671234567; +380 50 111 2233, 0931234567" }).phones).toEqual([
        "+380671234567",
        "+380501112233",
      ]);
      expect(
        listing({ phone: "+380671234567", "contact:phone": "067 123 45 67", mobile: "0501112233" }).phones,
      ).toEqual(["+380671234567", "+380501112233"]);
    });

    it("drops numbers that are not Ukrainian or not numbers", () => {
      expect(listing({ phone: "+48 22 123 45 67; +380671234567" }).phones).toEqual(["+380671234567"]);
      expect(listing({ phone: "дзвоніть", mobile: "112" }).phones).toEqual([]);
      expect(listing({}).phones).toEqual([]);
    });
  });

  describe("website", () => {
    it("takes website, contact:website, then url: only http(s) addresses our form accepts", () => {
      expect(listing({ website: "https://sto.example.com/" }).website).toBe("https://sto.example.com/");
      expect(listing({ "contact:website": " http://sto.example.org " }).website).toBe("http://sto.example.org");
      expect(listing({ url: "https://sto.example.com/ua" }).website).toBe("https://sto.example.com/ua");
      expect(listing({ website: "www.sto.example.com", url: "https://sto.example.net" }).website).toBe(
        "https://sto.example.net",
      );
    });

    it.each([
      "www.sto.example.com",
      "ftp://files.example.com",
      "https://localhost",
      "https://" + "a".repeat(100) + ".com",
      "javascript:alert(1)",
    ])("drops %j", (website) => {
      expect(listing({ website }).website).toBe("");
    });
  });

  describe("e-mail", () => {
    it("takes email, then contact:email, lower-cased", () => {
      expect(listing({ email: "Office@STO.example.com" }).email).toBe("office@sto.example.com");
      expect(listing({ "contact:email": "sto@example.org" }).email).toBe("sto@example.org");
      expect(listing({ email: "not an address", "contact:email": "sto@example.org" }).email).toBe("sto@example.org");
      expect(listing({ email: "mailto:sto@example.org" }).email).toBe("sto@example.org");
      expect(listing({ email: "first@example.org; second@example.org" }).email).toBe("first@example.org");
    });

    it.each(["sto@example", "sto at example.org", "@example.org", `${"a".repeat(95)}@example.org`])(
      "drops %j",
      (email) => {
        expect(listing({ email }).email).toBe("");
      },
    );
  });

  describe("category from service:vehicle:*", () => {
    it.each<[Record<string, string>, string]>([
      [{}, "any"],
      [{ "service:vehicle:car": "yes" }, "cars"],
      [{ "service:vehicle:car_repair": "yes" }, "cars"],
      [{ "service:vehicle:car": "yes", "service:vehicle:car_repair": "yes" }, "cars"],
      [{ "service:vehicle:truck": "yes" }, "trucks"],
      [{ "service:vehicle:heavy": "yes" }, "trucks"],
      [{ "service:vehicle:bus": "yes" }, "buses"],
      [{ "service:vehicle:tractor": "yes" }, "agriculturalmachinery"],
      [{ "service:vehicle:agricultural": "yes" }, "agriculturalmachinery"],
      [{ "service:vehicle:motorcycle": "yes" }, "any"],
      [{ "service:vehicle:motorcycle": "yes", "service:vehicle:car": "yes" }, "cars"],
      [{ "service:vehicle:car": "yes", "service:vehicle:truck": "yes" }, "any"],
      [{ "service:vehicle:truck": "no" }, "any"],
      [{ "service:vehicle:bus": "Yes" }, "buses"],
    ])("%j → %s", (tags, category) => {
      expect(listing(tags).category).toBe(category);
    });
  });

  describe("kinds of work", () => {
    it.each<[Record<string, string>, string[]]>([
      [{ shop: "tyres" }, ["tyres"]],
      [{ "service:vehicle:tyres": "yes" }, ["tyres"]],
      [{ "service:tyres": "yes" }, ["tyres"]],
      [{ tyres: "yes" }, ["tyres"]],
      [{ "service:vehicle:tyres": "no" }, []],
      [{}, []],
    ])("%j → %j", (tags, workKinds) => {
      expect(listing(tags).workKinds).toEqual(workKinds);
    });
  });

  describe("hours", () => {
    it("reads a weekly opening_hours into the timetable and keeps the text", () => {
      const mapped = listing({ opening_hours: " 24/7 " });
      expect(mapped).toMatchObject({ hoursKnown: true, hoursText: "24/7" });
      expect(mapped.hours).toHaveLength(7);
      expect(mapped.hours?.every((row) => !row.closed && row.opensAt === 0 && row.closesAt === 1440)).toBe(true);
    });

    it("marks hours it cannot hold faithfully as unknown and keeps the original text", () => {
      expect(listing({ opening_hours: "Mo-Fr 08:00-18:00; PH off" })).toMatchObject({
        hours: null,
        hoursKnown: false,
        hoursText: "Mo-Fr 08:00-18:00; PH off",
      });
    });

    it("has unknown hours and no text without opening_hours", () => {
      expect(listing({})).toMatchObject({ hours: null, hoursKnown: false, hoursText: "" });
    });

    it("keeps at most 255 characters of the text", () => {
      const text = `Mo-Fr 08:00-18:00 "${"x".repeat(300)}"`;
      expect(listing({ opening_hours: text }).hoursText).toBe(text.slice(0, 255));
    });
  });
});
