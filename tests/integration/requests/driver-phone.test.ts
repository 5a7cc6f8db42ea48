import { describe, expect, it } from "vitest";

import type { InboxPage } from "@/features/requests/answers";
import { getPrisma } from "@/lib/db/client";

import { answerAs, api, mailsTo, person, requestBody, sendRequest, shop } from "./api";

/**
 * A driver stranded by the road wants a call back, not an e-mail: a request may carry their
 * phone (optional, written any way a Ukrainian number is written, kept as +380…). Only the shop
 * the driver chooses gets it, and only once chosen; no other shop, before or after, and no admin.
 */
const TYPED = "067 123-45-67";
const STORED = "+380671234567";
const DIGITS = "671234567";

async function inboxItems(cookie: string) {
  const response = await api.inbox({ status: "all" }, cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as InboxPage).items;
}

describe("the driver's phone on a request", () => {
  it("is checked with the listings' phone rule: kept as +380…, anything else a translated 400", async () => {
    const driver = await person();
    const target = await shop();
    for (const phone of ["12ab", "+1 202 555 0100", "0".repeat(30)]) {
      const refused = await api.create(requestBody([target.id], { phone }), driver.cookie, { lng: "uk" });
      expect(refused.status, phone).toBe(400);
      const body = await refused.json();
      expect(body.errors.phone.key).toBe("Validation.phone");
      expect(body.errors.phone.message).not.toBe("Validation.phone");
    }
    const refusedType = await api.create(requestBody([target.id], { phone: 671234567 }), driver.cookie);
    expect(refusedType.status).toBe(400);
    expect((await refusedType.json()).errors.phone.key).toBe("Validation.phone");

    const id = await sendRequest(driver, [target.id], { phone: TYPED });
    const stored = await (await getPrisma()).quoteRequest.findUniqueOrThrow({ where: { id } });
    expect(stored.driverPhone).toBe(STORED);
    // The driver sees what they gave.
    expect((await (await api.detail(id, driver.cookie)).json()).phone).toBe(STORED);
  });

  it("goes to the chosen shop only, once chosen: never to the others, before or after, nor to an admin", async () => {
    const driver = await person({ name: "Stranded Driver" });
    const admin = await person({ isAdmin: true });
    const [chosen, passed, declined, silent, outside] = await Promise.all([shop(), shop(), shop(), shop(), shop()]);
    const id = await sendRequest(driver, [chosen.id, passed.id, declined.id, silent.id], { phone: TYPED });
    const answerId = await answerAs(chosen.owner, id, chosen.id, { price: 900 });
    await answerAs(passed.owner, id, passed.id, { price: 1100 });
    await answerAs(declined.owner, id, declined.id, { decline: true });

    // Before the choice nobody at any shop has it.
    for (const owner of [chosen.owner, passed.owner, declined.owner, silent.owner, outside.owner])
      expect(JSON.stringify(await inboxItems(owner.cookie))).not.toContain(DIGITS);
    for (const owner of [chosen.owner, passed.owner, declined.owner, silent.owner])
      for (const mail of await mailsTo(owner.email)) expect(mail.text).not.toContain(DIGITS);

    expect((await api.accept(id, { answerId }, driver.cookie)).status).toBe(200);

    const [chosenItem] = await inboxItems(chosen.owner.cookie);
    expect(chosenItem!.driver).toEqual({ name: "Stranded Driver", email: driver.email, phone: STORED });
    const [chosenMail] = await mailsTo(chosen.owner.email, "request.chosen");
    expect(chosenMail!.text).toContain(STORED);
    for (const owner of [passed.owner, declined.owner, silent.owner, outside.owner]) {
      expect(JSON.stringify(await inboxItems(owner.cookie))).not.toContain(DIGITS);
      for (const mail of await mailsTo(owner.email)) expect(mail.text).not.toContain(DIGITS);
    }
    // An admin reads the request and who asked, not the number given for the chosen shop.
    const asAdmin = await (await api.detail(id, admin.cookie)).json();
    expect(asAdmin.driver).toEqual({ name: "Stranded Driver", email: driver.email });
    expect(JSON.stringify(asAdmin)).not.toContain(DIGITS);
    expect(JSON.stringify(await (await api.adminList({}, admin.cookie)).json())).not.toContain(DIGITS);
    // Nobody else finds the request at all.
    expect((await api.detail(id, chosen.owner.cookie)).status).toBe(404);

    // Called off by the shop: the visit is over, the number no longer shown to it.
    expect((await api.cancel(id, { reason: "No parts", serviceId: chosen.id }, chosen.owner.cookie)).status).toBe(200);
    expect(JSON.stringify(await inboxItems(chosen.owner.cookie))).not.toContain(DIGITS);
  });

  it("is optional: the chosen shop then reads an empty phone and the mail says none", async () => {
    const driver = await person();
    const chosen = await shop();
    const id = await sendRequest(driver, [chosen.id]);
    const answerId = await answerAs(chosen.owner, id, chosen.id, { price: 500 });
    expect((await api.accept(id, { answerId }, driver.cookie)).status).toBe(200);
    expect((await inboxItems(chosen.owner.cookie))[0]!.driver).toEqual({
      name: driver.name,
      email: driver.email,
      phone: "",
    });
    expect((await (await api.detail(id, driver.cookie)).json()).phone).toBe("");
  });
});
