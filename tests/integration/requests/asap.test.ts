import { describe, expect, it } from "vitest";

import type { InboxPage } from "@/features/requests/answers";
import { REQUEST_ASAP_OPEN_HOURS, REQUEST_OPEN_HOURS } from "@/features/requests/rules";
import { expireRequests, remindUnanswered } from "@/features/requests/server/scheduled";
import { getPrisma } from "@/lib/db/client";

import { answerAs, api, inDays, mailsTo, person, sendRequest, shop, type Person } from "./api";

/**
 * A request "as soon as possible" is a driver stuck now: it closes after REQUEST_ASAP_OPEN_HOURS,
 * not three days; the job closes it then and every mail says that many hours; a shop's inbox
 * marks it urgent and lists it before the others while it waits for this shop's answer.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const range = { when: { from: inDays(2), to: inDays(3) } };

async function inboxOf(owner: Person, status: "new" | "all"): Promise<InboxPage> {
  const response = await api.inbox({ status }, owner.cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as InboxPage;
}

describe("a request as soon as possible", () => {
  it(`is open for ${REQUEST_ASAP_OPEN_HOURS} hours; one for certain days keeps ${REQUEST_OPEN_HOURS}`, async () => {
    expect(REQUEST_ASAP_OPEN_HOURS).toBeLessThan(REQUEST_OPEN_HOURS);
    const prisma = await getPrisma();
    const target = await shop();
    const urgent = await sendRequest(await person(), [target.id]);
    const later = await sendRequest(await person(), [target.id], range);
    const span = async (id: string) => {
      const row = await prisma.quoteRequest.findUniqueOrThrow({ where: { id } });
      return (row.expiresAt.getTime() - row.createdAt.getTime()) / HOUR_MS;
    };
    expect(await span(urgent)).toBeCloseTo(REQUEST_ASAP_OPEN_HOURS, 2);
    expect(await span(later)).toBeCloseTo(REQUEST_OPEN_HOURS, 2);
  });

  it("the job closes it once its hours are up, and the mails say how many hours it had", async () => {
    const prisma = await getPrisma();
    const driver = await person();
    const other = await person();
    const target = await shop({ name: "Night Garage" });
    const urgent = await sendRequest(driver, [target.id]);
    const later = await sendRequest(other, [(await shop()).id], range);

    // The reminder after two hours tells the shop the request closes after four, not 72.
    await remindUnanswered(new Date(Date.now() + 2 * HOUR_MS + MINUTE_MS));
    const [reminder] = await mailsTo(target.owner.email, "request.reminder");
    expect(reminder!.text).toContain(`${REQUEST_ASAP_OPEN_HOURS} hours after it was sent`);

    await expireRequests(new Date(Date.now() + (REQUEST_ASAP_OPEN_HOURS - 1) * HOUR_MS));
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: urgent } })).status).toBe("open");
    await expireRequests(new Date(Date.now() + REQUEST_ASAP_OPEN_HOURS * HOUR_MS + MINUTE_MS));
    expect(await prisma.quoteRequest.findUniqueOrThrow({ where: { id: urgent } })).toMatchObject({
      status: "expired",
      closedBy: "time",
    });
    expect((await prisma.quoteRequest.findUniqueOrThrow({ where: { id: later } })).status).toBe("open");
    const [expired] = await mailsTo(driver.email, "request.expired");
    expect(expired!.text).toContain(`closed by itself ${REQUEST_ASAP_OPEN_HOURS} hours after it was sent`);
    // Once closed, it is no longer new for the shop, and an answer is refused.
    expect((await inboxOf(target.owner, "new")).items.map((item) => item._id)).not.toContain(urgent);
    const late = await api.answer(urgent, { serviceId: target.id, price: 500 }, target.owner.cookie);
    expect(late.status).toBe(409);
    expect((await late.json()).key).toBe("Requests.notOpen");
  });
});

describe("the inbox puts urgent requests first", () => {
  it("marks a request as soon as possible that waits for this shop's answer urgent and lists it first, in New and All", async () => {
    const owner = await person();
    const mine = await shop({ owner });
    const [d1, d2, d3, d4] = await Promise.all([person(), person(), person(), person()]);
    const urgentOld = await sendRequest(d1, [mine.id]);
    const answeredUrgent = await sendRequest(d2, [mine.id]);
    await answerAs(owner, answeredUrgent, mine.id, { price: 700 });
    const urgentNew = await sendRequest(d3, [mine.id]);
    const newestRange = await sendRequest(d4, [mine.id], range);

    const fresh = await inboxOf(owner, "new");
    expect(fresh.items.map((item) => [item._id, item.urgent])).toEqual([
      [urgentNew, true],
      [urgentOld, true],
      [newestRange, false],
    ]);
    // All: the urgent ones still waiting first, then the rest newest first (an answered one is not urgent any more).
    const all = await inboxOf(owner, "all");
    expect(all.items.map((item) => [item._id, item.urgent])).toEqual([
      [urgentNew, true],
      [urgentOld, true],
      [newestRange, false],
      [answeredUrgent, false],
    ]);
    // Past its hours (before the job ran) it is neither urgent nor first.
    await (
      await getPrisma()
    ).quoteRequest.update({ where: { id: urgentNew }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await inboxOf(owner, "all")).items.map((item) => [item._id, item.urgent])).toEqual([
      [urgentOld, true],
      [newestRange, false],
      [urgentNew, false],
      [answeredUrgent, false],
    ]);
  });

  it("pages through urgent-first without losing or repeating a request", async () => {
    const owner = await person();
    const mine = await shop({ owner });
    const drivers = await Promise.all(Array.from({ length: 23 }, () => person()));
    const sent: string[] = [];
    // Alternating: urgent, for certain days, urgent…
    for (const [index, driver] of drivers.entries())
      sent.push(await sendRequest(driver, [mine.id], index % 2 ? range : {}));
    const first = await inboxOf(owner, "all");
    expect(first).toMatchObject({ total: 23, pages: 2 });
    const second = (await (await api.inbox({ status: "all", page: "2" }, owner.cookie)).json()) as InboxPage;
    const listed = [...first.items, ...second.items];
    expect(listed.map((item) => item._id).sort()).toEqual([...sent].sort());
    const urgentCount = sent.filter((_, index) => index % 2 === 0).length;
    expect(listed.map((item) => item.urgent)).toEqual([
      ...Array<boolean>(urgentCount).fill(true),
      ...Array<boolean>(sent.length - urgentCount).fill(false),
    ]);
    // Within each group, newest first.
    const urgentIds = sent.filter((_, index) => index % 2 === 0).reverse();
    expect(listed.slice(0, urgentCount).map((item) => item._id)).toEqual(urgentIds);
  });
});
