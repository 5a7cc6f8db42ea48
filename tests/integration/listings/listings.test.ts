import { beforeAll, describe, expect, it } from "vitest";

import { GET as publicService } from "@/app/api/items/[id]/route";
import { DELETE as deleteOwn, GET as getOwn, PUT as updateOwn } from "@/app/api/items/users/[id]/route";
import { POST as registerMechanicRoute } from "@/app/api/items/users/route";
import { POST as createOrder, PUT as updateOrder } from "@/app/api/items/users/sto-order/route";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { listOwnStations } from "@/features/listings/server/listings";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { STATION_INPUT as station } from "../../helpers/service-input";
import { signIn, viewerOf } from "../../helpers/sign-in";

const request = (method: string, path: string, body?: unknown, cookie?: string) =>
  makeRequest(path, {
    method,
    headers: cookie ? { cookie } : {},
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });

const cookies: Record<string, string> = {};
const users: Record<string, { id: string; email: string }> = {};

beforeAll(async () => {
  for (const role of ["buyer", "other", "master", "admin", "blocked"] as const) {
    users[role] = await makeUser({ isAdmin: role === "admin" });
    cookies[role] = await signIn(users[role].email);
  }
  await (await getPrisma()).user.update({ where: { id: users.blocked!.id }, data: { isBlocked: true } });
});

const isPublic = async (id: string) =>
  (await call(publicService, request("GET", `/api/items/${id}`), params({ id }))).status === 200;

describe("station orders (POST/PUT /api/items/users/sto-order)", () => {
  it("refuses visitors and blocked users", async () => {
    expect((await call(createOrder, request("POST", "/api/items/users/sto-order", station))).status).toBe(401);
    expect(
      (await call(createOrder, request("POST", "/api/items/users/sto-order", station, cookies.blocked))).status,
    ).toBe(401);
  });

  it("creates an unpaid station that is not listed, and a second order replaces the draft", async () => {
    const first = await call(createOrder, request("POST", "/api/items/users/sto-order", station, cookies.buyer));
    expect(first.status).toBe(201);
    const created = await first.json();
    expect(created).toMatchObject({
      name: station.name,
      ispaid: false,
      role: "sto",
      user: users.buyer!.id,
      experience: 7.5,
      timetable: DEFAULT_TIMETABLE,
    });
    expect(await isPublic(created._id)).toBe(false);

    const again = await (
      await call(
        createOrder,
        request("POST", "/api/items/users/sto-order", { ...station, name: "СТО Правий Берег" }, cookies.buyer),
      )
    ).json();
    expect(again._id).toBe(created._id);
    expect(again.name).toBe("СТО Правий Берег");
    expect(await (await getPrisma()).service.count({ where: { ownerId: users.buyer!.id } })).toBe(1);
  });

  it("PUT changes only the fields sent", async () => {
    const draft = await (
      await call(createOrder, request("POST", "/api/items/users/sto-order", station, cookies.buyer))
    ).json();
    const timetable = { ...DEFAULT_TIMETABLE, saturday: { closed: false, opening: "10:00", closing: "14:00" } };
    const updated = await call(
      updateOrder,
      request(
        "PUT",
        "/api/items/users/sto-order",
        { _id: draft._id, contactPhone2: "050 000 1111", timetable },
        cookies.buyer,
      ),
    );
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({
      name: station.name,
      contactPhone1: "+380671234567",
      contactPhone2: "+380500001111",
      timetable,
      description: station.description,
    });
  });

  it("stores a phone written any accepted way as +380XXXXXXXXX, and trailers as trucks", async () => {
    const created = await call(
      createOrder,
      request(
        "POST",
        "/api/items/users/sto-order",
        { ...station, contactPhone1: "+38(067)1234567", contactPhone2: "380 50 000 11 11", category: "trailers" },
        cookies.buyer,
      ),
    );
    expect(created.status).toBe(201);
    const draft = await created.json();
    expect(draft).toMatchObject({ contactPhone1: "+380671234567", contactPhone2: "+380500001111", category: "trucks" });
    const updated = await call(
      updateOrder,
      request(
        "PUT",
        "/api/items/users/sto-order",
        { _id: draft._id, contactPhone1: "(044) 234-56-78", category: "trailers" },
        cookies.buyer,
      ),
    );
    expect(await updated.json()).toMatchObject({ contactPhone1: "+380442345678", category: "trucks" });
    expect(
      await (
        await getPrisma()
      ).service.findUniqueOrThrow({ where: { id: draft._id }, select: { contactPhone1: true, category: true } }),
    ).toEqual({
      contactPhone1: "+380442345678",
      category: "trucks",
    });
  });

  it("refuses another user's draft, unknown ids and a paid station", async () => {
    const draft = await (
      await call(createOrder, request("POST", "/api/items/users/sto-order", station, cookies.buyer))
    ).json();
    expect(
      (
        await call(
          updateOrder,
          request("PUT", "/api/items/users/sto-order", { _id: draft._id, name: "Hijacked" }, cookies.other),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await call(
          updateOrder,
          request(
            "PUT",
            "/api/items/users/sto-order",
            { _id: "0195f6c8-1111-7222-8333-444455556666", name: "Нова" },
            cookies.buyer,
          ),
        )
      ).status,
    ).toBe(404);
    const paid = await makeService({ ownerId: users.buyer!.id, isPaid: true });
    expect(
      (
        await call(
          updateOrder,
          request("PUT", "/api/items/users/sto-order", { _id: paid.id, name: "Нова назва" }, cookies.buyer),
        )
      ).status,
    ).toBe(409);
    expect((await (await getPrisma()).service.findUniqueOrThrow({ where: { id: draft._id } })).name).not.toBe(
      "Hijacked",
    );
  });

  it.each([
    ["a short name", { name: "ab" }, "name", "Please enter a valid name"],
    ["a malformed phone", { contactPhone1: "067 123 456" }, "contactPhone1", "Please enter a valid phone number"],
    [
      "a phone of another country",
      { contactPhone2: "+1 650 253 0000" },
      "contactPhone2",
      "Please enter a valid phone number",
    ],
    ["a bad contact mail", { contactMail: "sto@" }, "contactMail", "Please enter a valid contact mail"],
    ["no location", { coordinates: null }, "coordinates", "Please select a location on the map"],
    [
      "a latitude off the globe",
      { coordinates: { lat: 95, lng: 30.6 } },
      "coordinates.lat",
      "Latitude must be a number from -90 to 90, for example 50.4501 or 50,4501.",
    ],
    [
      "a longitude off the globe",
      { coordinates: { lat: 50.45, lng: 181 } },
      "coordinates.lng",
      "Longitude must be a number from -180 to 180, for example 30.5234 or 30,5234.",
    ],
    ["a bad website", { website: "sto.ua" }, "website", "Please enter a valid website url"],
    [
      "closing before opening",
      { timetable: { ...DEFAULT_TIMETABLE, friday: { closed: false, opening: "18:00", closing: "09:00" } } },
      "timetable.friday",
      "Closing time must be after opening time",
    ],
    [
      "someone else's image",
      { image: "/api/uploads/0195f6c8-1111-7222-8333-444455556666" },
      "image",
      "Please use an image you uploaded here.",
    ],
  ])("refuses %s with a translated 400 and writes nothing", async (_what, change, field, message) => {
    const before = await (await getPrisma()).service.count();
    const response = await call(
      createOrder,
      request("POST", "/api/items/users/sto-order", { ...station, ...change }, cookies.other),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.errors[field].message).toBe(message);
    expect(await (await getPrisma()).service.count()).toBe(before);
  });

  it("answers 400 for broken JSON and 413 for a huge body", async () => {
    expect(
      (await call(createOrder, request("POST", "/api/items/users/sto-order", "{nope", cookies.other))).status,
    ).toBe(400);
    expect(
      (
        await call(
          createOrder,
          request("POST", "/api/items/users/sto-order", { ...station, description: "x".repeat(70_000) }, cookies.other),
        )
      ).status,
    ).toBe(413);
  });
});

describe("a body with only the required fields gets the spec's defaults (spec §3)", () => {
  const REQUIRED = {
    name: "СТО Мінімум",
    contactMail: "min@example.com",
    coordinates: { lat: 50.45, lng: 30.6 },
    address: "вул. Коротка, 1, Київ",
  };
  const DEFAULTS = { category: "any", brand: "Any", experience: 0, isOnTheGo: false, timetable: DEFAULT_TIMETABLE };

  it("a station order and a master registration are created with the default timetable, category, brand, experience and on-the-go", async () => {
    const prisma = await getPrisma();
    for (const [route, path] of [
      [createOrder, "/api/items/users/sto-order"],
      [registerMechanicRoute, "/api/items/users"],
    ] as const) {
      const cookie = await signIn((await makeUser()).email);
      const response = await call(route, request("POST", path, REQUIRED, cookie));
      expect(response.status, `${path}: ${JSON.stringify(await response.clone().json())}`).toBe(201);
      const created = await response.json();
      expect(created, path).toMatchObject({
        ...REQUIRED,
        ...DEFAULTS,
        contactPhone1: "",
        description: "",
        paymentMethods: [],
        image: null,
      });
      // Stored so, not only answered so: the opening hours are rows of their own.
      const stored = await call(
        getOwn,
        request("GET", `/api/items/users/${created._id}`, undefined, cookie),
        params({ id: created._id }),
      );
      expect(await stored.json(), path).toMatchObject(DEFAULTS);
      expect(await prisma.openingHours.count({ where: { serviceId: created._id } }), path).toBe(7);
    }
  });

  it.each([
    [
      "a day's time",
      { monday: { closed: false, opening: "9am", closing: "18:00" } },
      "timetable.monday.opening",
      "Use the time format HH:MM.",
    ],
    [
      "a day's closed flag",
      { saturday: { closed: "no", opening: "10:00", closing: "16:00" } },
      "timetable.saturday.closed",
      "Use true or false.",
    ],
    ["a day left out", { sunday: undefined }, "timetable.sunday", "Give the opening hours of every day of the week."],
  ])("a timetable sent with %s wrong names that day's field", async (_what, days, field, message) => {
    const response = await call(
      createOrder,
      request(
        "POST",
        "/api/items/users/sto-order",
        { ...REQUIRED, timetable: { ...DEFAULT_TIMETABLE, ...days } },
        cookies.other,
      ),
    );
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body.errors)).toEqual([field]);
    expect(body.errors[field].message).toBe(message);
    expect(body.message).toBe(message);
  });

  it("a timetable that is no object at all is refused as the timetable", async () => {
    for (const timetable of ["09:00-18:00", [], null, 5]) {
      const response = await call(
        createOrder,
        request("POST", "/api/items/users/sto-order", { ...REQUIRED, timetable }, cookies.other),
      );
      expect(response.status, JSON.stringify(timetable)).toBe(400);
      expect((await response.json()).errors, JSON.stringify(timetable)).toEqual({
        timetable: { key: "Validation.timetable", message: "Give the opening hours of every day of the week." },
      });
    }
  });
});

describe("masters (POST /api/items/users, PUT/DELETE /api/items/users/{id})", () => {
  let mechanicId = "";

  it("registers a master who is listed at once, once", async () => {
    expect((await call(registerMechanicRoute, request("POST", "/api/items/users", station))).status).toBe(401);
    const response = await call(
      registerMechanicRoute,
      request("POST", "/api/items/users", { ...station, name: "Майстер Іван", isOnTheGo: true }, cookies.master),
    );
    expect(response.status).toBe(201);
    const mechanic = await response.json();
    mechanicId = mechanic._id;
    expect(mechanic).toMatchObject({ role: "mechanic", isOnTheGo: true });
    expect(await isPublic(mechanicId)).toBe(true);
    const second = await call(registerMechanicRoute, request("POST", "/api/items/users", station, cookies.master));
    expect(second.status).toBe(403);
    expect((await second.json()).key).toBe("Auth.alreadyMechanic");
  });

  it("updates only the changed fields", async () => {
    const response = await call(
      updateOwn,
      request(
        "PUT",
        `/api/items/users/${mechanicId}`,
        { _id: mechanicId, description: "Виїзд по місту" },
        cookies.master,
      ),
      params({ id: mechanicId }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      name: "Майстер Іван",
      description: "Виїзд по місту",
      isOnTheGo: true,
    });
  });

  it("authorization table for GET, PUT and DELETE of someone's service", async () => {
    const target = await makeService({ ownerId: users.buyer!.id, isPaid: true, name: "Table Station" });
    const table: [string, string | undefined, number][] = [
      ["anonymous", undefined, 401],
      ["blocked", cookies.blocked, 401],
      ["other user", cookies.other, 403],
      ["a master (not the owner)", cookies.master, 403],
      ["the owner", cookies.buyer, 200],
      ["an admin", cookies.admin, 200],
    ];
    for (const [who, cookie, status] of table) {
      expect(
        (
          await call(
            getOwn,
            request("GET", `/api/items/users/${target.id}`, undefined, cookie),
            params({ id: target.id }),
          )
        ).status,
        `GET ${who}`,
      ).toBe(status);
      const put = await call(
        updateOwn,
        request("PUT", `/api/items/users/${target.id}`, { name: `Renamed by ${status}` }, cookie),
        params({ id: target.id }),
      );
      expect(put.status, `PUT ${who}`).toBe(status);
    }
    for (const [who, cookie, status] of table.filter(([, , status]) => status !== 200)) {
      expect(
        (
          await call(
            deleteOwn,
            request("DELETE", `/api/items/users/${target.id}`, undefined, cookie),
            params({ id: target.id }),
          )
        ).status,
        `DELETE ${who}`,
      ).toBe(status);
    }
    expect(await (await getPrisma()).service.count({ where: { id: target.id } })).toBe(1);
    expect(
      (
        await call(
          deleteOwn,
          request("DELETE", `/api/items/users/${target.id}`, undefined, cookies.admin),
          params({ id: target.id }),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await call(
          deleteOwn,
          request("DELETE", "/api/items/users/not-a-uuid", undefined, cookies.admin),
          params({ id: "not-a-uuid" }),
        )
      ).status,
    ).toBe(404);
  });

  it("deleting the master profile unlists it and frees the user to register again", async () => {
    const response = await call(
      deleteOwn,
      request("DELETE", `/api/items/users/${mechanicId}`, undefined, cookies.master),
      params({ id: mechanicId }),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).mechanic).toBeNull();
    expect(await isPublic(mechanicId)).toBe(false);
    expect(
      (await call(registerMechanicRoute, request("POST", "/api/items/users", station, cookies.master))).status,
    ).toBe(201);
  });
});

describe("my stations (DELETE /api/items/users/{id})", () => {
  it("returns the remaining paid stations; reviews go, payments stay for the record", async () => {
    const owner = await makeUser();
    const cookie = await signIn(owner.email);
    const [keep, drop] = [
      await makeService({ ownerId: owner.id, name: "Keep Station" }),
      await makeService({ ownerId: owner.id, name: "Drop Station" }),
    ];
    const prisma = await getPrisma();
    await prisma.review.create({
      data: { userId: users.other!.id, serviceId: drop.id, quality: 5, speed: 5, price: 5, avg: 5 },
    });
    catalogChanged();
    await prisma.payment.create({
      data: {
        serviceId: drop.id,
        userId: owner.id,
        serviceName: drop.name,
        payerEmail: owner.email,
        amount: "3.00",
        currency: "USD",
        provider: "test",
        requestId: crypto.randomUUID(),
        status: "captured",
      },
    });
    const response = await call(
      deleteOwn,
      request("DELETE", `/api/items/users/${drop.id}`, undefined, cookie),
      params({ id: drop.id }),
    );
    expect(response.status).toBe(200);
    const { userStos } = await response.json();
    expect(userStos.map((sto: { _id: string }) => sto._id)).toEqual([keep.id]);
    expect(await prisma.review.count({ where: { serviceId: drop.id } })).toBe(0);
    expect(await prisma.payment.findFirstOrThrow({ where: { serviceName: "Drop Station" } })).toMatchObject({
      serviceId: null,
      status: "captured",
    });
  });
});

describe("my stations (listOwnStations, the list of /mystos)", () => {
  it("lists the owner's unpaid draft after the paid stations, marked unpaid; no one else sees it, and the draft alone opens /mystos", async () => {
    const [owner, stranger, drafter] = [await makeUser(), await makeUser(), await makeUser()];
    const paid = await makeService({ ownerId: owner.id, name: "Paid Station" });
    const ownerCookie = await signIn(owner.email);
    const draft = await (
      await call(
        createOrder,
        request("POST", "/api/items/users/sto-order", { ...station, name: "Draft Station" }, ownerCookie),
      )
    ).json();
    const viewer = await viewerOf(ownerCookie);
    const listed = await listOwnStations(viewer);
    expect(listed.map((row) => [row._id, row.name, row.ispaid])).toEqual([
      [paid.id, "Paid Station", true],
      [draft._id, "Draft Station", false],
    ]);

    const strangerViewer = await viewerOf(await signIn(stranger.email));
    expect(await listOwnStations(strangerViewer)).toEqual([]);
    await expect(listOwnStations(null)).rejects.toMatchObject({ status: 401 });

    // An order alone is enough for My stations (the header link and the page's guard).
    const drafterCookie = await signIn(drafter.email);
    expect((await viewerOf(drafterCookie))?.ownsStations).toBe(false);
    const only = await (
      await call(createOrder, request("POST", "/api/items/users/sto-order", station, drafterCookie))
    ).json();
    const drafterViewer = await viewerOf(drafterCookie);
    expect(drafterViewer?.ownsStations).toBe(true);
    expect((await listOwnStations(drafterViewer)).map((row) => [row._id, row.ispaid])).toEqual([[only._id, false]]);
    expect((await listOwnStations(strangerViewer)).map((row) => row._id)).not.toContain(only._id);
  });
});
