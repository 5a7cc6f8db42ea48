import { describe, expect, it } from "vitest";

import { GET as exportRoute } from "@/app/api/users/profile/export/route";
import { removeAccount } from "@/features/my-account/server/account-removal";
import { lastCarOf } from "@/features/requests/server/create-request";
import { getPrisma } from "@/lib/db/client";

import { makeService } from "../../helpers/factories";
import { call, makeRequest } from "../../helpers/request";
import { answerAs, api, inDays, person, sendRequest, shop, uploadOf, validCar } from "./api";

/** A driver's requests for a price are theirs: in their data export, and gone with their account. */
describe("a driver's requests and their account", () => {
  it("remember the car for the next request, unless what was kept no longer passes the rules", async () => {
    const driver = await person();
    const viewer = { id: driver.id } as Parameters<typeof lastCarOf>[0];
    await expect(lastCarOf(viewer)).resolves.toBeNull();
    await expect(lastCarOf(null)).rejects.toMatchObject({ status: 401 });
    await sendRequest(driver, [(await shop()).id], {
      car: { make: "Toyota", model: " Corolla ", year: 2012, fuel: "lpg" },
    });
    await expect(lastCarOf(viewer)).resolves.toEqual({ make: "Toyota", model: "Corolla", year: 2012, fuel: "lpg" });
    await (
      await getPrisma()
    ).user.update({
      where: { id: driver.id },
      data: { lastCar: { make: "Tatra", model: "603", year: 1960, fuel: "petrol" } },
    });
    await expect(lastCarOf(viewer)).resolves.toBeNull();
  });

  it("are in the driver's export, with the services asked, their answers, the photos and the last car", async () => {
    const driver = await person();
    const garage = await shop({ name: "Export Garage" });
    const photo = await uploadOf(driver.id);
    const requestId = await sendRequest(driver, [garage.id], { images: [photo] });
    await answerAs(garage.owner, requestId, garage.id, { price: 1200, earliest: inDays(1) });

    const response = await call(
      exportRoute,
      makeRequest("/api/users/profile/export", { headers: { cookie: driver.cookie } }),
    );
    expect(response.status).toBe(200);
    const data = (await response.json()) as {
      profile: { lastCar: unknown };
      requests: {
        id: string;
        services: { name: string; status: string }[];
        answers: { serviceName: string; price: number; authorId?: string }[];
        images: string[];
      }[];
    };
    expect(data.profile.lastCar).toEqual(validCar);
    expect(data.requests).toHaveLength(1);
    const [exported] = data.requests;
    expect(exported!.id).toBe(requestId);
    expect(exported!.services).toEqual([{ name: "Export Garage", status: "answered" }]);
    expect(exported!.answers).toMatchObject([{ serviceName: "Export Garage", price: 1200 }]);
    // Who at the shop wrote the answer is the shop's business, not the driver's.
    expect(exported!.answers[0]).not.toHaveProperty("authorId");
    expect(exported!.images).toEqual([photo]);
  });

  it("the job after acceptance is in the export too: the booking with its slots, the extra work, the final price", async () => {
    const driver = await person();
    const garage = await shop({ name: "Job Garage" });
    const requestId = await sendRequest(driver, [garage.id]);
    const answerId = await answerAs(garage.owner, requestId, garage.id, { price: 1500 });
    expect((await api.accept(requestId, { answerId }, driver.cookie)).status).toBe(200);
    const prisma = await getPrisma();
    const start = new Date(Date.now() + 3 * 86_400_000);
    await prisma.quoteBooking.create({
      data: {
        requestId,
        serviceId: garage.id,
        status: "confirmed",
        start,
        minutes: 60,
        confirmedAt: new Date(),
        slots: { create: [{ start, minutes: 60, position: 0 }] },
      },
    });
    await prisma.quoteExtra.create({ data: { requestId, description: "Brake fluid", price: 300, status: "approved" } });
    const admin = await person({ isAdmin: true });
    await prisma.quoteRequest.update({
      where: { id: requestId },
      data: { jobStatus: "confirmed", finalPrice: 1800, disputeResolvedById: admin.id },
    });

    const response = await call(
      exportRoute,
      makeRequest("/api/users/profile/export", { headers: { cookie: driver.cookie } }),
    );
    const [exported] = ((await response.json()) as { requests: Record<string, unknown>[] }).requests;
    expect(exported).toMatchObject({
      jobStatus: "confirmed",
      finalPrice: 1800,
      booking: { status: "confirmed", minutes: 60, start: start.toISOString(), slots: [{ minutes: 60 }] },
      extras: [{ description: "Brake fluid", price: 300, status: "approved" }],
    });
    expect(exported).not.toHaveProperty("disputeResolvedById");

    await prisma.$transaction((tx) => removeAccount(tx, driver.id));
    expect(await prisma.quoteBooking.count({ where: { requestId } })).toBe(0);
    expect(await prisma.quoteExtra.count({ where: { requestId } })).toBe(0);
  });

  it("the notification choices, the linked chat and browsers are in the export, and go with the account", async () => {
    const driver = await person();
    const prisma = await getPrisma();
    await prisma.notificationSettings.create({
      data: { userId: driver.id, events: { answer: ["telegram"] }, quietFrom: 1380, quietTo: 420 },
    });
    await prisma.telegramLink.create({ data: { userId: driver.id, chatId: 9_007_199_254_740_993n, username: "olha" } });
    await prisma.pushSubscription.create({
      data: { userId: driver.id, endpoint: `https://push.example/${driver.id}`, p256dh: "k", auth: "a" },
    });
    const response = await call(
      exportRoute,
      makeRequest("/api/users/profile/export", { headers: { cookie: driver.cookie } }),
    );
    expect(response.status).toBe(200);
    const { notifications } = await response.json();
    expect(notifications).toMatchObject({
      settings: { events: { answer: ["telegram"] }, quietFrom: 1380, quietTo: 420 },
      // Beyond 2^53: as text, exactly.
      telegram: { chatId: "9007199254740993", username: "olha" },
      pushSubscriptions: [{ endpoint: `https://push.example/${driver.id}` }],
      deliveries: [],
    });
    // A tombstone (an owner of a paid station) keeps none of it either.
    await prisma.$transaction((tx) => removeAccount(tx, driver.id));
    for (const count of [
      prisma.notificationSettings.count({ where: { userId: driver.id } }),
      prisma.telegramLink.count({ where: { userId: driver.id } }),
      prisma.pushSubscription.count({ where: { userId: driver.id } }),
    ])
      expect(await count).toBe(0);
  });

  it("go with the account, photos and answers included", async () => {
    const driver = await person();
    const garage = await shop();
    const photo = await uploadOf(driver.id);
    const requestId = await sendRequest(driver, [garage.id], { images: [photo] });
    await answerAs(garage.owner, requestId, garage.id, { price: 900 });
    const prisma = await getPrisma();
    await prisma.$transaction((tx) => removeAccount(tx, driver.id));
    expect(await prisma.quoteRequest.count({ where: { id: requestId } })).toBe(0);
    expect(await prisma.quoteAnswer.count({ where: { requestId } })).toBe(0);
    expect(await prisma.image.count({ where: { id: photo.split("/").at(-1) } })).toBe(0);
  });

  it("go even when the account stays as a tombstone for a paid station, and the last car with them", async () => {
    const driver = await person();
    await makeService({ ownerId: driver.id, isPaid: true });
    const garage = await shop();
    const requestId = await sendRequest(driver, [garage.id]);
    const prisma = await getPrisma();
    const removal = await prisma.$transaction((tx) => removeAccount(tx, driver.id));
    expect(removal).toMatchObject({ tombstone: true, requests: 1 });
    expect(await prisma.quoteRequest.count({ where: { id: requestId } })).toBe(0);
    expect((await prisma.user.findUniqueOrThrow({ where: { id: driver.id } })).lastCar).toBeNull();
  });
});
