import { beforeAll, describe, expect, it } from "vitest";

import { GET as publicItem } from "@/app/api/items/[id]/route";
import { GET as listItems } from "@/app/api/items/route";
import { PUT as updateOwn } from "@/app/api/items/users/[id]/route";
import { POST as registerMechanic } from "@/app/api/items/users/route";
import { catalogChanged } from "@/lib/cache/read-cache";

import { makeService, makeUser } from "../../helpers/factories";
import { call, makeRequest, params } from "../../helpers/request";
import { STATION_INPUT } from "../../helpers/service-input";
import { signIn } from "../../helpers/sign-in";

const cookies = {} as Record<"owner" | "master" | "stranger" | "admin", string>;
let stationId = "";
let ip = 0;
const request = (method: string, path: string, body?: unknown, cookie?: string, language?: string) =>
  makeRequest(path, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(language ? { "accept-language": language } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const put = (body: unknown, cookie?: string, language?: string) =>
  call(updateOwn, request("PUT", `/api/items/users/${stationId}`, body, cookie, language), params({ id: stationId }));

beforeAll(async () => {
  const owner = await makeUser();
  cookies.owner = await signIn(owner.email, `10.23.0.${++ip}`);
  for (const role of ["master", "stranger", "admin"] as const)
    cookies[role] = await signIn((await makeUser({ isAdmin: role === "admin" })).email, `10.23.0.${++ip}`);
  stationId = (await makeService({ name: "Messenger Station", ownerId: owner.id })).id;
});

describe("Viber, Telegram and payment methods", () => {
  it("the owner saves them in any usual spelling; they are stored plain and shown by the API", async () => {
    const response = await put(
      {
        viber: "067 123 45 67",
        telegram: "https://t.me/messenger_sto",
        paymentMethods: ["card", "cash", "card"],
        cashOnlyInOutage: true,
      },
      cookies.owner,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      viber: "+380671234567",
      telegram: "messenger_sto",
      paymentMethods: ["cash", "card"],
      cashOnlyInOutage: true,
    });
    const item = await (
      await call(publicItem, request("GET", `/api/items/${stationId}`), params({ id: stationId }))
    ).json();
    expect(item).toMatchObject({
      viber: "+380671234567",
      telegram: "messenger_sto",
      paymentMethods: ["cash", "card"],
      cashOnlyInOutage: true,
    });
    const list = await (await call(listItems, request("GET", "/api/items?keyword=Messenger"))).json();
    expect(list.items[0]).toMatchObject({ viber: "+380671234567" });
  });

  it("admins may change them; others may not", async () => {
    expect((await put({ telegram: "@admin_fixed" }, cookies.admin)).status).toBe(200);
    expect((await put({ telegram: "@stranger_was_here" }, cookies.stranger)).status).toBe(403);
    expect((await put({ telegram: "@nobody_here" })).status).toBe(401);
    catalogChanged();
    expect(
      (await (await call(publicItem, request("GET", `/api/items/${stationId}`), params({ id: stationId }))).json())
        .telegram,
    ).toBe("admin_fixed");
  });

  it.each([
    [{ viber: "12345" }, "viber", "Validation.phone"],
    [
      { telegram: "@abc" },
      "telegram",
      "Enter a Telegram username (5–32 letters, digits or _, e.g. @maister_sto) or a t.me link.",
    ],
    [
      { telegram: "https://evil.example/x" },
      "telegram",
      "Enter a Telegram username (5–32 letters, digits or _, e.g. @maister_sto) or a t.me link.",
    ],
    [{ paymentMethods: ["crypto"] }, "paymentMethods.0", "Choose payment methods from the list."],
    [{ paymentMethods: "cash" }, "paymentMethods", "Choose payment methods from the list."],
    [{ cashOnlyInOutage: "yes" }, "cashOnlyInOutage", undefined],
  ])("refuses %j with a translated 400", async (body, field, message) => {
    const response = await put(body, cookies.owner);
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(Object.keys(answer.errors)).toContain(field);
    if (message && !message.startsWith("Validation.")) expect(answer.errors[field].message).toBe(message);
    expect(answer.errors[field].message).not.toMatch(/^Validation\./);
  });

  it("refuses 'cash only during outages' without cash, judged on the service after the change, and changes nothing", async () => {
    // Stored: cash and card, outage flag on (first test). Unticking cash alone would leave the flag lying.
    const uncash = await put({ paymentMethods: ["card"] }, cookies.owner);
    expect(uncash.status).toBe(400);
    expect((await uncash.json()).errors.paymentMethods.message).toBe(
      "“Cash only during power outages” needs Cash ticked among the ways to pay.",
    );
    const both = await put({ paymentMethods: ["transfer"], cashOnlyInOutage: true }, cookies.owner, "uk");
    expect(both.status).toBe(400);
    expect((await both.json()).errors.cashOnlyInOutage.message).toMatch(/^«Лише готівка під час відключень світла»/);
    catalogChanged();
    const stored = await (
      await call(publicItem, request("GET", `/api/items/${stationId}`), params({ id: stationId }))
    ).json();
    expect(stored).toMatchObject({ paymentMethods: ["cash", "card"], cashOnlyInOutage: true });
    // Both changed together is fine.
    expect((await put({ paymentMethods: ["card"], cashOnlyInOutage: false }, cookies.owner)).status).toBe(200);
    expect((await put({ paymentMethods: ["cash", "card"], cashOnlyInOutage: true }, cookies.owner)).status).toBe(200);
  });

  it("answers in Ukrainian", async () => {
    const answer = await (await put({ telegram: "@abc" }, cookies.owner, "uk")).json();
    expect(answer.errors.telegram.message).toMatch(/^Введіть ім’я користувача Telegram/);
  });

  it("a master registers with them", async () => {
    const response = await call(
      registerMechanic,
      request(
        "POST",
        "/api/items/users",
        {
          ...STATION_INPUT,
          name: "Майстер Вайбер",
          isOnTheGo: true,
          viber: "+38 (050) 111-22-33",
          telegram: "@master_viber",
          paymentMethods: ["cash"],
        },
        cookies.master,
      ),
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      viber: "+380501112233",
      telegram: "master_viber",
      paymentMethods: ["cash"],
      cashOnlyInOutage: false,
    });
  });
});
