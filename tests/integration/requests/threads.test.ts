import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { GET as exportRoute } from "@/app/api/users/profile/export/route";
import { removeAccount } from "@/features/my-account/server/account-removal";
import type { InboxCount, PostedMessage, ThreadView } from "@/features/requests/answers";
import { MASK } from "@/features/requests/contact-mask";
import { getPrisma } from "@/lib/db/client";

import { makeUser } from "../../helpers/factories";
import { call, makeRequest } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";
import { answerAs, api, blockedPerson, mailsTo, person, sendRequest, shop, uploadOf, type Person } from "./api";

/**
 * The thread of a request with each service it went to, through its routes: who reads and who
 * writes, the text's and the photos' bounds, the close 30 days after the request ended, contacts
 * hidden from the other side until this service is chosen, the mail to the other side at most
 * once in 10 minutes, the unread count, and the messages in the data export and account removal.
 */
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

type Shop = Awaited<ReturnType<typeof shop>>;

async function threadOf(id: string, serviceId: string, cookie: string): Promise<ThreadView> {
  const response = await api.thread(id, serviceId, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as ThreadView;
}

async function write(id: string, serviceId: string, text: string, who: Person, images?: string[]) {
  const response = await api.write(id, { serviceId, text, ...(images ? { images } : {}) }, who.cookie);
  if (response.status !== 201) throw new Error(`message answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as PostedMessage;
}

async function countOf(who: Person): Promise<InboxCount> {
  const response = await api.inboxCount(who.cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as InboxCount;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("who may read and write", () => {
  let driver: Person;
  let otherDriver: Person;
  let admin: Person;
  let blocked: Person;
  let chosenShop: Shop;
  let passedShop: Shop;
  let outsideShop: Shop;
  let id = "";

  beforeAll(async () => {
    [driver, otherDriver, admin, blocked] = await Promise.all([
      person(),
      person(),
      person({ isAdmin: true }),
      blockedPerson(),
    ]);
    [chosenShop, passedShop, outsideShop] = await Promise.all([shop(), shop(), shop()]);
    id = await sendRequest(driver, [chosenShop.id, passedShop.id]);
    const answerId = await answerAs(chosenShop.owner, id, chosenShop.id, { price: 1000 });
    await answerAs(passedShop.owner, id, passedShop.id, { price: 1200 });
    expect((await api.accept(id, { answerId }, driver.cookie)).status).toBe(200);
  });

  const roles = () => ({
    anonymous: undefined,
    blocked: blocked.cookie,
    driver: driver.cookie,
    otherDriver: otherDriver.cookie,
    chosenOwner: chosenShop.owner.cookie,
    passedOwner: passedShop.owner.cookie,
    outsideOwner: outsideShop.owner.cookie,
    admin: admin.cookie,
  });
  type Role = keyof ReturnType<typeof roles>;
  const statuses = async (send: (cookie: string | undefined) => Promise<Response>) => {
    const result: Partial<Record<Role, number>> = {};
    for (const [role, cookie] of Object.entries(roles()) as [Role, string | undefined][])
      result[role] = (await send(cookie)).status;
    return result;
  };

  it("GET: the driver and the service's owner, an admin too; everyone else finds nothing", async () => {
    expect(await statuses((cookie) => api.thread(id, chosenShop.id, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 200,
      otherDriver: 404,
      chosenOwner: 200,
      passedOwner: 404,
      outsideOwner: 404,
      admin: 200,
    });
    // The service passed over keeps its own thread, and reads only that one.
    expect(await statuses((cookie) => api.thread(id, passedShop.id, cookie))).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 200,
      otherDriver: 404,
      chosenOwner: 404,
      passedOwner: 200,
      outsideOwner: 404,
      admin: 200,
    });
    // A service the request did not go to has no thread, even for its owner.
    expect((await api.thread(id, outsideShop.id, outsideShop.owner.cookie)).status).toBe(404);
    expect((await api.thread(id, outsideShop.id, admin.cookie)).status).toBe(404);
    const parts = async (cookie: string) => (await threadOf(id, chosenShop.id, cookie)).viewer;
    expect([await parts(driver.cookie), await parts(chosenShop.owner.cookie), await parts(admin.cookie)]).toEqual([
      "driver",
      "service",
      "admin",
    ]);
  });

  it("POST: the driver and the service's owner write; an admin is refused with a reason; others find nothing", async () => {
    expect(
      await statuses((cookie) => api.write(id, { serviceId: chosenShop.id, text: "When can I come?" }, cookie)),
    ).toEqual({
      anonymous: 401,
      blocked: 401,
      driver: 201,
      otherDriver: 404,
      chosenOwner: 201,
      passedOwner: 404,
      outsideOwner: 404,
      admin: 403,
    });
    const refused = await api.write(id, { serviceId: chosenShop.id, text: "Hello" }, admin.cookie, { lng: "ua" });
    expect(await refused.json()).toMatchObject({
      key: "Requests.threadReadOnly",
      message: "Адміністратори читають розмови щодо запитів, але не пишуть у них.",
    });
    expect((await threadOf(id, chosenShop.id, admin.cookie)).canWrite).toBe(false);
    // The service passed over may still write in its own thread, and its contacts stay hidden.
    const passed = await write(id, passedShop.id, "Still free on Friday: 0671234567", passedShop.owner);
    expect(passed.notice?.key).toBe("Requests.threadContactsHiddenService");
    const forDriver = await threadOf(id, passedShop.id, driver.cookie);
    expect(forDriver.messages.at(-1)?.text).toBe(`Still free on Friday: ${MASK}`);
    // Each thread holds its own messages only.
    const chosenThread = await threadOf(id, chosenShop.id, driver.cookie);
    expect(chosenThread.messages.map((message) => [message.side, message.text])).toEqual([
      ["driver", "When can I come?"],
      ["service", "When can I come?"],
    ]);
  });

  it("bad input is a translated 4xx, never a 500", async () => {
    const missing = await api.thread(id, null, driver.cookie, { lng: "ua" });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.serviceId.key).toBe("Requests.serviceRequired");
    expect((await api.thread(id, "not-a-uuid", driver.cookie)).status).toBe(400);
    expect((await api.thread("not-a-uuid", chosenShop.id, driver.cookie)).status).toBe(404);
    expect((await api.thread("00000000-0000-4000-8000-000000000000", chosenShop.id, driver.cookie)).status).toBe(404);
    expect((await api.write(id, { text: "Hi" }, driver.cookie)).status).toBe(400);
    expect((await api.write(id, "not json", driver.cookie)).status).toBe(400);
    expect((await api.write(id, [1, 2], driver.cookie)).status).toBe(400);
    const notText = await api.write(id, { serviceId: chosenShop.id, text: 42 }, driver.cookie);
    expect(notText.status).toBe(400);
    expect((await notText.json()).errors.text.key).toBe("Requests.threadText");
    // The request's id in capitals is the same request.
    expect((await api.thread(id.toUpperCase(), chosenShop.id.toUpperCase(), driver.cookie)).status).toBe(200);
  });

  it("an admin whose session has not proved the second factor is no admin here: nothing to find", async () => {
    const user = await makeUser({ isAdmin: true, mfa: false });
    const cookie = await signIn(user.email);
    expect((await api.thread(id, chosenShop.id, cookie)).status).toBe(404);
    expect((await api.write(id, { serviceId: chosenShop.id, text: "Hello" }, cookie)).status).toBe(404);
    expect((await api.detail(id, cookie)).status).toBe(404);
  });
});

describe("a service taken off the directory, or whose owner is blocked, cannot be written to or for", () => {
  it("its owner is refused with a 403, the driver with a 409 saying nobody would read it", async () => {
    const driver = await person();
    const [hidden, ownerBlocked] = await Promise.all([shop(), shop()]);
    const id = await sendRequest(driver, [hidden.id, ownerBlocked.id]);
    await write(id, hidden.id, "Which engine is it?", hidden.owner);
    const prisma = await getPrisma();
    await prisma.service.update({ where: { id: hidden.id }, data: { hiddenAt: new Date() } });
    await prisma.user.update({ where: { id: ownerBlocked.owner.id }, data: { isBlocked: true } });

    const fromOwner = await api.write(id, { serviceId: hidden.id, text: "Still here" }, hidden.owner.cookie, {
      lng: "ua",
    });
    expect(fromOwner.status).toBe(403);
    expect((await fromOwner.json()).key).toBe("Requests.serviceUnavailable");
    for (const service of [hidden, ownerBlocked]) {
      const toIt = await api.write(id, { serviceId: service.id, text: "Are you there?" }, driver.cookie, { lng: "ua" });
      expect(toIt.status).toBe(409);
      expect(await toIt.json()).toMatchObject({
        key: "Requests.threadNobody",
        message:
          "Тут ваше повідомлення ніхто не прочитає: у сервісу більше немає власника або його прибрали з каталогу.",
      });
      // The thread is still there to read, with nothing to write in.
      const thread = await threadOf(id, service.id, driver.cookie);
      expect(thread.canWrite).toBe(false);
    }
    expect((await threadOf(id, hidden.id, driver.cookie)).messages.map((message) => message.text)).toEqual([
      "Which engine is it?",
    ]);
    expect((await threadOf(id, hidden.id, hidden.owner.cookie)).canWrite).toBe(false);
    expect(await prisma.quoteMessage.count({ where: { target: { requestId: id } } })).toBe(1);
    expect(await mailsTo(ownerBlocked.owner.email, "request.messageToService")).toEqual([]);
  });
});

describe("the text and the photos", () => {
  let driver: Person;
  let garage: Shop;
  let id = "";

  beforeAll(async () => {
    driver = await person();
    garage = await shop();
    id = await sendRequest(driver, [garage.id]);
  });

  const send = (body: Record<string, unknown>, who: Person = driver, lng?: string) =>
    api.write(id, { serviceId: garage.id, ...body }, who.cookie, { lng });

  it("1 to 2000 characters once trimmed; empty, blank and 2001 are refused in the reader's language", async () => {
    const empty = await send({ text: "" }, driver, "ua");
    expect(empty.status).toBe(400);
    expect((await empty.json()).errors.text).toEqual({ key: "Requests.threadText", message: "Напишіть повідомлення." });
    const blank = await send({ text: "  \n\t " });
    expect(blank.status).toBe(400);
    expect((await blank.json()).errors.text.key).toBe("Requests.threadText");
    const long = await send({ text: "я".repeat(2001) });
    expect(long.status).toBe(400);
    expect((await long.json()).errors.text).toEqual({
      key: "Requests.threadTextTooLong",
      message: "A message can be at most 2000 characters long.",
    });

    expect((await send({ text: "?" })).status).toBe(201);
    expect((await send({ text: "я".repeat(2000) })).status).toBe(201);
    // Spaces around count for nothing: 2000 characters inside them fit.
    expect((await send({ text: `  ${"a".repeat(2000)}  \n` })).status).toBe(201);
    const thread = await threadOf(id, garage.id, driver.cookie);
    expect(thread.messages.map((message) => message.text.length)).toEqual([1, 2000, 2000]);
    expect(thread.messages[2]!.text).toBe("a".repeat(2000));
  });

  it("invisible characters are dropped before counting: a text of only them is empty; control characters go", async () => {
    for (const text of ["\u200B", "\u200E\u2066 \uFEFF", "\u0000\u0007"]) {
      const response = await send({ text });
      expect(response.status).toBe(400);
      expect((await response.json()).errors.text.key).toBe("Requests.threadText");
    }
    const posted = await send({ text: "Call 067\u200B123\u200D45 67?\r\nOr\u0000 mail 👨‍🔧" });
    expect(posted.status).toBe(201);
    expect(((await posted.json()) as PostedMessage).message.text).toBe("Call 067123\u200D45 67?\nOr mail 👨‍🔧");
  });

  it("up to three of the sender's own uploads; a fourth, another's or an unknown one is refused", async () => {
    const mine = await Promise.all([1, 2, 3, 4].map(() => uploadOf(driver.id)));
    const three = await send({ text: "Photos of the pads", images: mine.slice(0, 3) });
    expect(three.status).toBe(201);
    expect(((await three.json()) as PostedMessage).message.images).toEqual(mine.slice(0, 3));
    expect((await threadOf(id, garage.id, garage.owner.cookie)).messages.at(-1)?.images).toEqual(mine.slice(0, 3));

    const four = await send({ text: "Four", images: mine }, driver, "ua");
    expect(four.status).toBe(400);
    expect((await four.json()).errors.images).toEqual({
      key: "Requests.threadImagesMax",
      message: "До повідомлення можна додати щонайбільше 3 фото.",
    });
    const theirs = await uploadOf(garage.owner.id);
    const foreign = await send({ text: "Not mine", images: [theirs] });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).errors.images.key).toBe("Validation.imageForeign");
    const unknown = await send({ text: "Gone", images: ["/api/uploads/00000000-0000-4000-8000-000000000000"] });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).errors.images.key).toBe("Validation.imageForeign");
    const notOurs = await send({ text: "Elsewhere", images: ["https://example.com/a.png"] });
    expect(notOurs.status).toBe(400);
    // 36 characters of the id's alphabet that are no id: refused as the field's error, not by the database.
    const dashes = await send({ text: "Dashes", images: [`/api/uploads/${"-".repeat(36)}`] });
    expect(dashes.status).toBe(400);
    expect((await dashes.json()).errors.images.key).toBe("Validation.imageForeign");
    const twice = await send({ text: "Twice", images: [mine[3], mine[3]] });
    expect(twice.status).toBe(400);
    expect((await twice.json()).errors.images.key).toBe("Validation.imagesDuplicate");
    // The owner's own upload is theirs to send.
    expect((await send({ text: "Our photo", images: [theirs] }, garage.owner)).status).toBe(201);
  });
});

describe("the thread closes 30 days after the request ended", () => {
  it("open while the request is; writable until 30 days after its end, then a translated 409", async () => {
    const driver = await person();
    const garage = await shop();
    const id = await sendRequest(driver, [garage.id]);
    const open = await threadOf(id, garage.id, driver.cookie);
    expect(open).toMatchObject({ canWrite: true, closed: false, closesAt: null, messages: [] });

    expect((await api.cancel(id, { reason: "Fixed it myself" }, driver.cookie)).status).toBe(200);
    const prisma = await getPrisma();
    const { closedAt } = await prisma.quoteRequest.findUniqueOrThrow({ where: { id } });
    const ended = await threadOf(id, garage.id, garage.owner.cookie);
    expect(ended.canWrite).toBe(true);
    expect(ended.closesAt).toBe(new Date(closedAt!.getTime() + 30 * DAY_MS).toISOString());
    expect((await api.write(id, { serviceId: garage.id, text: "Sorry to hear" }, garage.owner.cookie)).status).toBe(
      201,
    );

    // A minute before the close, then a minute after it (the request's end moved back, not the clock:
    // the sessions would not outlive 30 days).
    const endAt = async (daysAgo: number) =>
      prisma.quoteRequest.update({ where: { id }, data: { closedAt: new Date(Date.now() - daysAgo * DAY_MS) } });
    await endAt(30 - 1 / (24 * 60));
    expect((await api.write(id, { serviceId: garage.id, text: "Last word" }, driver.cookie)).status).toBe(201);
    await endAt(30 + 1 / (24 * 60));
    const late = await api.write(id, { serviceId: garage.id, text: "Too late" }, driver.cookie, { lng: "ua" });
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      key: "Requests.threadClosed",
      message: "Ця розмова закрита: писати в ній можна 30 днів після завершення запиту.",
    });
    expect((await api.write(id, { serviceId: garage.id, text: "Too late" }, garage.owner.cookie)).status).toBe(409);
    // Still readable, by both.
    const closed = await threadOf(id, garage.id, driver.cookie);
    expect(closed).toMatchObject({ canWrite: false, closed: true });
    expect(closed.messages.map((message) => message.text)).toEqual(["Sorry to hear", "Last word"]);
  });

  it("an accepted request ends at its acceptance; one past its hours at its expiry", async () => {
    const driver = await person();
    const [a, b] = await Promise.all([shop(), shop()]);
    const accepted = await sendRequest(driver, [a.id]);
    const answerId = await answerAs(a.owner, accepted, a.id, { price: 500 });
    expect((await api.accept(accepted, { answerId }, driver.cookie)).status).toBe(200);
    const prisma = await getPrisma();
    const { acceptedAt } = await prisma.quoteRequest.findUniqueOrThrow({ where: { id: accepted } });
    expect((await threadOf(accepted, a.id, driver.cookie)).closesAt).toBe(
      new Date(acceptedAt!.getTime() + 30 * DAY_MS).toISOString(),
    );

    const stale = await sendRequest(driver, [b.id]);
    const expiresAt = new Date(Date.now() - 31 * DAY_MS);
    await prisma.quoteRequest.update({ where: { id: stale }, data: { expiresAt } });
    const thread = await threadOf(stale, b.id, b.owner.cookie);
    expect(thread).toMatchObject({
      canWrite: false,
      closesAt: new Date(expiresAt.getTime() + 30 * DAY_MS).toISOString(),
    });
    expect((await api.write(stale, { serviceId: b.id, text: "Hello?" }, b.owner.cookie)).status).toBe(409);
  });
});

describe("contacts are hidden from the other side until this service is chosen", () => {
  it("before the choice both ways, for the chosen one not after it, for the one passed over never", async () => {
    const driver = await person();
    const admin = await person({ isAdmin: true });
    const [a, b] = await Promise.all([shop({ name: "Autofix" }), shop({ name: "Brakes Pro" })]);
    const id = await sendRequest(driver, [a.id, b.id]);
    const answerA = await answerAs(a.owner, id, a.id, { price: 1800 });
    await answerAs(b.owner, id, b.id, { price: 1900 });

    // The driver's phone: stored as typed, read by the service masked; the driver is told why.
    const fromDriver = await write(id, a.id, "Мій номер 067 123 45 67, дзвоніть після 10:30", driver);
    expect(fromDriver.message).toMatchObject({
      side: "driver",
      mine: true,
      text: "Мій номер 067 123 45 67, дзвоніть після 10:30",
      contactsHidden: true,
    });
    expect(fromDriver.notice).toEqual({
      key: "Requests.threadContactsHiddenDriver",
      message: expect.stringContaining("hidden from the service until you accept its answer"),
    });
    const stored = await (await getPrisma()).quoteMessage.findUniqueOrThrow({ where: { id: fromDriver.message._id } });
    expect(stored.text).toBe("Мій номер 067 123 45 67, дзвоніть після 10:30");

    const forShop = await threadOf(id, a.id, a.owner.cookie);
    expect(forShop.contactsHidden).toBe(true);
    expect(forShop.messages).toMatchObject([
      { side: "driver", mine: false, text: `Мій номер ${MASK}, дзвоніть після 10:30`, contactsHidden: true },
    ]);
    // The mail to the owner says it as the owner may read it.
    const [mail] = await mailsTo(a.owner.email, "request.messageToService");
    expect(mail!.text).toContain(`Мій номер ${MASK}`);
    expect(mail!.text).not.toContain("067 123 45 67");

    // The service's e-mail and site: read by the driver masked; the owner is told in Ukrainian.
    const fromShop = await api.write(
      id,
      { serviceId: a.id, text: "Пишіть на sto@autofix.ua або autofix.com.ua. Ціна 1800 грн" },
      a.owner.cookie,
      { lng: "ua" },
    );
    expect(fromShop.status).toBe(201);
    expect(((await fromShop.json()) as PostedMessage).notice).toEqual({
      key: "Requests.threadContactsHiddenService",
      message: expect.stringContaining("приховано від водія"),
    });
    const forDriver = await threadOf(id, a.id, driver.cookie);
    expect(forDriver.messages.map((message) => [message.mine, message.text])).toEqual([
      [true, "Мій номер 067 123 45 67, дзвоніть після 10:30"],
      [false, `Пишіть на ${MASK} або ${MASK}. Ціна 1800 грн`],
    ]);
    // An admin reads both as typed, and that the other side reads them masked.
    const forAdmin = await threadOf(id, a.id, admin.cookie);
    expect(forAdmin.messages.map((message) => [message.text, message.contactsHidden])).toEqual([
      ["Мій номер 067 123 45 67, дзвоніть після 10:30", true],
      ["Пишіть на sto@autofix.ua або autofix.com.ua. Ціна 1800 грн", true],
    ]);
    // Nothing to hide: no notice.
    const plain = await write(id, a.id, "Колодки будуть 12.05 о 09:00, 1800 грн", a.owner);
    expect(plain.notice).toBeNull();
    expect(plain.message.contactsHidden).toBe(false);

    // The driver chooses Autofix: between them nothing is hidden any more, earlier messages included.
    expect((await api.accept(id, { answerId: answerA }, driver.cookie)).status).toBe(200);
    const chosen = await threadOf(id, a.id, a.owner.cookie);
    expect(chosen.contactsHidden).toBe(false);
    expect(chosen.messages[0]).toMatchObject({
      text: "Мій номер 067 123 45 67, дзвоніть після 10:30",
      contactsHidden: false,
    });
    const after = await write(id, a.id, "Або мій e-mail: driver@example.com", driver);
    expect(after.notice).toBeNull();
    expect((await threadOf(id, a.id, a.owner.cookie)).messages.at(-1)?.text).toBe("Або мій e-mail: driver@example.com");
    expect((await threadOf(id, a.id, driver.cookie)).messages[1]!.text).toBe(
      "Пишіть на sto@autofix.ua або autofix.com.ua. Ціна 1800 грн",
    );

    // Brakes Pro was passed over: both ways stay hidden.
    const toPassed = await write(id, b.id, "Дякую, мій телеграм @petro_drive", driver);
    expect(toPassed.notice?.key).toBe("Requests.threadContactsHiddenDriver");
    expect((await threadOf(id, b.id, b.owner.cookie)).messages[0]!.text).toBe(`Дякую, мій телеграм ${MASK}`);
    await write(id, b.id, "Наш Viber +380 50 765 43 21", b.owner);
    expect((await threadOf(id, b.id, driver.cookie)).messages[1]!.text).toBe(`Наш Viber ${MASK}`);
  });
});

describe("the other side is mailed at most once in 10 minutes per thread", () => {
  it("two messages within 10 minutes: one mail; 10 minutes after that mail: another; each side counted apart", async () => {
    const driver = await person({ locale: "en" });
    const garage = await shop({ name: "Autofix", locale: "uk" });
    const id = await sendRequest(driver, [garage.id]);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"] });
    const at = (minutes: number) => vi.setSystemTime(start + minutes * MINUTE_MS);

    at(0);
    await write(id, garage.id, "Чи є колодки в наявності?", driver);
    at(1);
    await write(id, garage.id, "І скільки часу займе заміна?", driver);
    const toOwner = () => mailsTo(garage.owner.email, "request.messageToService");
    expect(await toOwner()).toHaveLength(1);
    const [first] = await toOwner();
    // In the owner's language, with the message and the way back to it.
    expect(first!.locale).toBe("uk");
    expect(first!.subject).toBe("Водій написав сервісу Autofix: Заміна гальмівних колодок");
    expect(first!.text).toContain("Чи є колодки в наявності?");
    expect(first!.text).toContain(`/ua/requests/inbox?request=${id}`);

    // The other side has a throttle of its own.
    at(2);
    await write(id, garage.id, "Так, є. Заміна близько години.", garage.owner);
    const toDriver = await mailsTo(driver.email, "request.messageToDriver");
    expect(toDriver).toHaveLength(1);
    expect(toDriver[0]!.subject).toBe("Autofix wrote to you: Brake pads replacement");
    expect(toDriver[0]!.text).toContain(`/requests/${id}`);

    at(9.9);
    await write(id, garage.id, "Дякую!", driver);
    expect(await toOwner()).toHaveLength(1);
    at(10);
    await write(id, garage.id, "Тоді завтра о 10:00?", driver);
    expect(await toOwner()).toHaveLength(2);
    expect((await toOwner())[1]!.text).toContain("Тоді завтра о 10:00?");

    // Two at once, 10 minutes later still: one mail between them, whichever instance writes first.
    at(25);
    const both = await Promise.all([
      api.write(id, { serviceId: garage.id, text: "One" }, driver.cookie),
      api.write(id, { serviceId: garage.id, text: "Two" }, driver.cookie),
    ]);
    expect(both.map((response) => response.status)).toEqual([201, 201]);
    expect(await toOwner()).toHaveLength(3);
  });
});

describe("unread messages", () => {
  it("counts the other side's messages since the reader last opened the thread, per part", async () => {
    const driver = await person();
    const garage = await shop();
    const other = await shop({ owner: garage.owner });
    const id = await sendRequest(driver, [garage.id, other.id]);
    expect((await countOf(driver)).unread).toEqual({ driver: 0, service: 0 });
    expect(await countOf(garage.owner)).toEqual({ new: 2, unread: { driver: 0, service: 0 } });

    await write(id, garage.id, "Question one", driver);
    await write(id, garage.id, "Question two", driver);
    await write(id, other.id, "To the other one", driver);
    // One's own messages are not unread.
    expect((await countOf(driver)).unread).toEqual({ driver: 0, service: 0 });
    expect((await countOf(garage.owner)).unread).toEqual({ driver: 0, service: 3 });

    // Reading one thread reads that thread only; an admin reading it changes nothing.
    await threadOf(id, garage.id, (await person({ isAdmin: true })).cookie);
    expect((await countOf(garage.owner)).unread.service).toBe(3);
    await threadOf(id, garage.id, garage.owner.cookie);
    expect((await countOf(garage.owner)).unread.service).toBe(1);

    await write(id, garage.id, "An answer", garage.owner);
    expect((await countOf(driver)).unread).toEqual({ driver: 1, service: 0 });
    // Writing reads the thread for the writer.
    expect((await countOf(garage.owner)).unread.service).toBe(1);
    await threadOf(id, garage.id, driver.cookie);
    expect((await countOf(driver)).unread.driver).toBe(0);
    await write(id, garage.id, "Thanks", driver);
    expect((await countOf(garage.owner)).unread.service).toBe(2);
  });

  it("reading marks read up to the newest message shown, not up to the moment it was read, and a re-read writes nothing", async () => {
    const driver = await person();
    const garage = await shop();
    const id = await sendRequest(driver, [garage.id]);
    const answer = await write(id, garage.id, "Which engine?", garage.owner);
    await threadOf(id, garage.id, driver.cookie);
    const prisma = await getPrisma();
    const target = await prisma.quoteTarget.findUniqueOrThrow({
      where: { requestId_serviceId: { requestId: id, serviceId: garage.id } },
    });
    expect(target.driverReadAt?.toISOString()).toBe(answer.message.createdAt);
    // Read again with nothing new: the row is not written.
    await threadOf(id, garage.id, driver.cookie);
    const again = await prisma.quoteTarget.findUniqueOrThrow({ where: { id: target.id } });
    expect(again.updatedAt).toEqual(target.updatedAt);
    // A message stamped after the newest one the driver was shown (as one written while the page
    // was read, committed just after) is still unread.
    await prisma.quoteMessage.create({
      data: {
        targetId: target.id,
        side: "service",
        text: "Diesel or petrol?",
        createdAt: new Date(new Date(answer.message.createdAt).getTime() + 1),
      },
    });
    expect((await countOf(driver)).unread.driver).toBe(1);
  });
});

describe("messages in the data export and account removal", () => {
  it("each person's export has the messages they wrote; removing the driver removes the threads", async () => {
    const driver = await person();
    const garage = await shop({ name: "Export Garage" });
    const id = await sendRequest(driver, [garage.id]);
    const photo = await uploadOf(driver.id);
    await write(id, garage.id, "My photo of the pads", driver, [photo]);
    await write(id, garage.id, "Thanks, we see it", garage.owner);

    const exported = async (who: Person) => {
      const response = await call(
        exportRoute,
        makeRequest("/api/users/profile/export", { headers: { cookie: who.cookie } }),
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { messages: Record<string, unknown>[] }).messages;
    };
    expect(await exported(driver)).toMatchObject([
      { requestId: id, serviceName: "Export Garage", side: "driver", text: "My photo of the pads", images: [photo] },
    ]);
    expect(await exported(garage.owner)).toMatchObject([
      { requestId: id, serviceName: "Export Garage", side: "service", text: "Thanks, we see it", images: [] },
    ]);

    const prisma = await getPrisma();
    await prisma.$transaction((tx) => removeAccount(tx, driver.id));
    expect(await prisma.quoteMessage.count({ where: { target: { requestId: id } } })).toBe(0);
    expect(
      await prisma.quoteMessage.count({ where: { text: { in: ["My photo of the pads", "Thanks, we see it"] } } }),
    ).toBe(0);
    expect(await prisma.image.count({ where: { id: photo.split("/").at(-1) } })).toBe(0);
  });
});
