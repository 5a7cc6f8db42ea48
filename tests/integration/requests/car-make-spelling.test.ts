import { describe, expect, it } from "vitest";

import { getPrisma } from "@/lib/db/client";

import { api, person, sendRequest, shop, validCar } from "./api";

/** The brand list says Chevrolet and ВАЗ/Lada; requests asked with the first spellings still read right. */
describe("a request's car make", () => {
  it("sent with an old spelling is taken and kept as the new one", async () => {
    const driver = await person();
    const target = await shop();
    const id = await sendRequest(driver, [target.id], { car: { ...validCar, make: "Shevrolet" } });
    const prisma = await getPrisma();
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id } })).carMake).toBe("Chevrolet");
    expect((await (await api.detail(id, driver.cookie)).json()).car.make).toBe("Chevrolet");
  });

  it("stored with an old spelling reads as the new one, for the driver and in the shop's inbox", async () => {
    const driver = await person();
    const target = await shop();
    const id = await sendRequest(driver, [target.id], { car: { ...validCar, make: "ВАЗ/Lada" } });
    const prisma = await getPrisma();
    // As a database from before holds it.
    await prisma.quoteRequest.update({ where: { id }, data: { carMake: "Waz/Lada" } });
    expect((await (await api.detail(id, driver.cookie)).json()).car.make).toBe("ВАЗ/Lada");
    const inbox = await (await api.inbox({ status: "all" }, target.owner.cookie)).json();
    const item = inbox.items.find((entry: { _id: string }) => entry._id === id);
    expect(item.car.make).toBe("ВАЗ/Lada");
  });
});
