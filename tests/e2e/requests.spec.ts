import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";

import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { outboxMails, type OutboxMail } from "./outbox";
import { escapeRegExp as escape, translator, type Code, type Translate } from "./translate";
import type { SignedIn, Users } from "./users";

/**
 * Requests for a price, as people do them in a browser: a driver asks three services from one
 * service's page through the four-step form, the owners read the mail and answer in their inbox
 * (a price and a time, a range, a decline), the driver compares the answers side by side and
 * accepts one, the chosen owner sees who the driver is, the one passed over is told, and the
 * driver's review of the chosen service, written before the job is done, is not yet a verified
 * visit (a confirmed job makes it one: job-loop.spec.ts). On a phone (touch) and
 * a desktop (keyboard), in English and Ukrainian; every word read from messages/*.json.
 */
const SHOTS = "/work/coord/shots";
const JOB = "brake_pads";

/** A day in Kyiv (the product's days), `days` after today, as YYYY-MM-DD. */
function kyivDay(days = 0): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Kyiv" }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

async function photo() {
  return {
    name: "pads.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background: "#b45309" } })
      .png()
      .toBuffer(),
  };
}

type Run = {
  code: Code;
  width: number;
  height: number;
  /** Where this run's services stand: well away from the demo data's cities and from the other runs. */
  at: { lat: number; lng: number; city: string };
};

const RUNS: Run[] = [
  { code: "uk", width: 390, height: 844, at: { lat: 50.7472, lng: 25.3254, city: "Луцьк" } },
  { code: "en", width: 1440, height: 900, at: { lat: 50.9077, lng: 34.7981, city: "Sumy" } },
  { code: "en", width: 390, height: 844, at: { lat: 48.6208, lng: 22.2879, city: "Uzhhorod" } },
  { code: "uk", width: 1440, height: 900, at: { lat: 46.6354, lng: 32.6169, city: "Херсон" } },
];

const prefixOf = (code: Code) => (code === "uk" ? "/ua" : "");
const phone = (run: Run) => run.width < 1024;
const shot = (page: Page, run: Run, name: string) =>
  page.screenshot({ path: `${SHOTS}/e2e-req-${run.code}-${run.width}-${name}.png`, fullPage: false });

type Shop = SignedIn & { serviceId: string; service: string };

/** A station owner with a paid, published station at `lat`/`lng` that lists the job among its prices. */
async function shop(users: Users, run: Run, name: string, person: string, offset: number): Promise<Shop> {
  const owner = await users.create("owner", {
    name: person,
    locale: run.code === "uk" ? "ua" : "en",
    service: {
      name,
      coordinates: { lat: run.at.lat + offset, lng: run.at.lng },
      address: `${run.at.city}, ${name}`,
    },
  });
  const prices = await owner.context.request.put(`/api/items/users/${owner.serviceId}/prices`, {
    data: { lines: [{ job: JOB, fromUah: 1400 + offset * 10_000 }] },
  });
  expect(prices.status(), await prices.text()).toBe(200);
  await owner.page.setViewportSize({ width: run.width, height: run.height });
  return { ...owner, serviceId: owner.serviceId!, service: name };
}

/** The header's word for the inbox: its link on a desktop, the menu's button on a phone (closed menu). */
function inboxInHeader(page: Page, run: Run, t: Translate): Locator {
  return phone(run)
    ? page.getByRole("button", { name: new RegExp(`^${escape(t("Header.menu"))}`) })
    : page.getByRole("link", { name: new RegExp(`^${escape(t("Header.requestsInbox"))}`) });
}

/** The mails to `to`, waited for until `match` finds one (the outbox row comes with the change). */
async function mailTo(page: Page, to: string, match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      found = (await outboxMails(page.request, to)).find(match);
      return Boolean(found);
    }, `a mail to ${to}`)
    .toBe(true);
  return found!;
}

/**
 * A chip: the label drawn around a visually hidden radio (a person presses the label; the radio
 * itself is one pixel, under it).
 */
const chip = (radio: Locator) => radio.locator("xpath=..");

/**
 * Presses a chip or a box the way the run's person does: a tap on the phone, Space from the
 * keyboard on the desktop.
 */
async function choose(page: Page, run: Run, control: Locator) {
  if (phone(run)) await ((await control.getAttribute("type")) === "radio" ? chip(control) : control).tap();
  else {
    await control.focus();
    await page.keyboard.press("Space");
  }
  await expect(control).toBeChecked();
}

/** Next (or Send): tapped on the phone, Enter on the focused button on the desktop. */
async function press(page: Page, run: Run, button: Locator) {
  if (phone(run)) await button.tap();
  else {
    await button.focus();
    await page.keyboard.press("Enter");
  }
}

type Request = { id: string; job: string };

/**
 * The driver on `a`'s page presses "Ask for a price" and goes through the four steps: the job
 * with a word, the car, a range of days in the morning with a photo, and `b` and `c` from the
 * services suggested near `a`. Screenshots of each step at phone width.
 */
async function askForPrice(page: Page, run: Run, t: Translate, [a, b, c]: Shop[]): Promise<Request> {
  const prefix = prefixOf(run.code);
  const job = t("Prices.job", { job: JOB });
  const next = page.getByRole("button", { name: t("RequestForm.next"), exact: true });

  await page.goto(`${prefix}/service/${a!.serviceId}`);
  await expect(page.getByRole("heading", { level: 1, name: a!.service })).toBeVisible();
  const ask = page.getByRole("link", { name: t("RequestForm.askForPrice") });
  await expect(ask).toBeVisible();
  if (phone(run)) await shot(page, run, "1-service");
  await press(page, run, ask);
  await expect(page).toHaveURL(new RegExp(`${prefix}/requests/new\\?service=${a!.serviceId}$`));
  await expect(page.getByRole("heading", { level: 1, name: t("RequestForm.title") })).toBeVisible();

  // 1. The job.
  await expect(page.getByText(t("RequestForm.progress", { step: 1, total: 4 }))).toBeVisible();
  await choose(page, run, page.getByRole("radio", { name: job, exact: true }));
  await page.getByLabel(t("RequestForm.descriptionOptional")).fill("Скрипить спереду під час гальмування.");
  if (phone(run)) await shot(page, run, "2-job");
  await press(page, run, next);

  // 2. The car. Next without a model is refused at the field, in the page's language.
  const carHeading = page.getByRole("heading", { name: t("RequestForm.carTitle") });
  await expect(carHeading).toBeFocused();
  await page.getByLabel(t("RequestForm.make")).selectOption("Skoda");
  await press(page, run, next);
  const model = page.getByLabel(t("RequestForm.model"));
  await expect(model).toHaveAccessibleDescription(t("Requests.carModel"));
  await model.fill("Octavia");
  await page.getByLabel(t("RequestForm.year")).fill("2015");
  await choose(page, run, page.getByRole("radio", { name: t("RequestForm.fuelName", { fuel: "diesel" }) }));
  if (phone(run)) await shot(page, run, "3-car");
  await press(page, run, next);

  // 3. When: a few days ahead, in the morning; and a photo.
  await expect(page.getByRole("heading", { name: t("RequestForm.whenTitle") })).toBeFocused();
  await choose(page, run, page.getByRole("radio", { name: t("RequestForm.range") }));
  await page.getByLabel(t("RequestForm.from")).fill(kyivDay(2));
  await page.getByLabel(t("RequestForm.to")).fill(kyivDay(4));
  await choose(page, run, page.getByRole("radio", { name: t("RequestForm.partOfDayName", { part: "morning" }) }));
  await page.getByLabel(t("ServiceForm.photosAdd"), { exact: true }).setInputFiles(await photo());
  await expect(page.getByRole("img", { name: t("ServiceForm.photoAlt", { index: 1 }) })).toBeVisible();
  if (phone(run)) await shot(page, run, "4-when");
  await press(page, run, next);

  // 4. Who gets it: the service it started from, and two of those suggested near it.
  await expect(page.getByRole("heading", { name: t("RequestForm.servicesTitle") })).toBeFocused();
  const others = page.getByRole("group", { name: t("RequestForm.alsoSendTo") });
  await choose(page, run, others.getByRole("checkbox", { name: b!.service }));
  await choose(page, run, others.getByRole("checkbox", { name: c!.service }));
  await expect(others.getByText(t("RequestForm.chosenCount", { count: 2, max: 4 }))).toBeVisible();
  const summary = page.getByRole("region", { name: t("RequestForm.summaryTitle") });
  await expect(summary).toContainText(job);
  await expect(summary).toContainText("Skoda Octavia");
  await expect(summary).toContainText(t("RequestForm.photosCount", { count: 1 }));
  if (phone(run)) await shot(page, run, "5-services");
  await press(page, run, page.getByRole("button", { name: t("RequestForm.send") }));

  await expect(page).toHaveURL(new RegExp(`${prefix}/requests/[0-9a-f-]{36}$`));
  await expect(page.getByRole("heading", { level: 1, name: job })).toBeVisible();
  const id = /\/requests\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  if (phone(run)) await shot(page, run, "6-sent");
  return { id, job };
}

/** Each asked owner gets the "new request" mail in their language, with the link to their inbox. */
async function newRequestMails(page: Page, t: Translate, shops: Shop[], request: Request) {
  const links: string[] = [];
  for (const owner of shops) {
    const subject = t("Requests.mail.newSubject", { station: owner.service, job: request.job });
    const mail = await mailTo(page, owner.email, (candidate) => candidate.subject === subject);
    expect(mail.text).toContain("Skoda Octavia");
    const link = /https?:\/\/\S+\/requests\/inbox/.exec(mail.text)?.[0];
    expect(link, "the inbox link in the mail").toBeTruthy();
    links.push(new URL(link!).pathname);
  }
  return links;
}

/** An owner answers from the mail's link: the header counts the new request until it is answered. */
async function answer(
  run: Run,
  t: Translate,
  owner: Shop,
  link: string,
  request: Request,
  fill: (form: Locator, page: Page) => Promise<void>,
  name: string,
) {
  const { page } = owner;
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: t("RequestInbox.title") })).toBeVisible();
  const count = t("Header.requestsInboxCount", { count: 1 });
  await expect(inboxInHeader(page, run, t)).toHaveAccessibleName(new RegExp(`\\(${escape(count)}\\)$`));
  const entry = page.getByRole("article", { name: request.job });
  await expect(entry).toContainText(t("RequestInbox.forService", { name: owner.service }));
  await expect(entry).toContainText("Skoda Octavia");
  // The driver is nobody yet: their name and address come only with the choice.
  await expect(entry).not.toContainText("@");
  if (phone(run)) await shot(page, run, `7-inbox-${name}`);
  await fill(entry, page);
  if (phone(run)) await shot(page, run, `8-answered-${name}`);
  // Answered: nothing new waits, the header says so at once.
  await expect(inboxInHeader(page, run, t)).toHaveAccessibleName(
    phone(run) ? t("Header.menu") : t("Header.requestsInbox"),
  );
  await expect(page.getByText(t("RequestInbox.emptyNew"))).toBeVisible();
}

test.describe.configure({ timeout: 150_000 });
// A control that never takes a press fails the step it is in, not the whole test's time.
test.use({ actionTimeout: 15_000 });

for (const run of RUNS) {
  const t = translator(run.code);
  const prefix = prefixOf(run.code);

  test.describe(`${run.code}, ${run.width} px`, () => {
    test.use({ viewport: { width: run.width, height: run.height }, hasTouch: phone(run) });

    test("a driver asks three services, two answer and one declines, the driver accepts one and reviews it before the visit", async ({
      page,
      users,
    }) => {
      const names = ["Альфа", "Бета", "Гамма"].map((word) => `СТО ${word} ${run.at.city}`);
      const [driver, a, b, c] = await Promise.all([
        users.create("user", {
          page,
          name: run.code === "uk" ? "Петро Клименко" : "Petro Klymenko",
          locale: run.code === "uk" ? "ua" : "en",
        }),
        shop(users, run, names[0]!, "Олег Альфа", 0),
        shop(users, run, names[1]!, "Ірина Бета", 0.02),
        shop(users, run, names[2]!, "Тарас Гамма", 0.04),
      ]);

      const request = await test.step("the four steps, sent to three services", () =>
        askForPrice(page, run, t, [a, b, c]));

      const [linkA, linkB, linkC] = await test.step("each owner is mailed the new request", () =>
        newRequestMails(page, t, [a, b, c], request));

      await test.step("owner A answers with a price and a time", () =>
        answer(
          run,
          t,
          a,
          linkA!,
          request,
          async (entry, ownerPage) => {
            await entry.getByRole("button", { name: t("RequestInbox.answerLabel", { job: request.job }) }).click();
            const form = ownerPage.getByRole("form", { name: t("RequestInbox.answerTitle") });
            await expect(form.getByLabel(t("RequestInbox.price"))).toBeFocused();
            await ownerPage.keyboard.type("1800");
            await chip(form.getByRole("radio", { name: t("RequestInbox.timeKind", { kind: "slot" }) })).click();
            await form.getByLabel(t("RequestInbox.slot")).fill(`${kyivDay(3)}T10:00`);
            await form.getByLabel(t("RequestInbox.message")).fill("Колодки є на складі.");
            await form.getByRole("button", { name: t("RequestInbox.send") }).click();
            await expect(ownerPage.getByText(t("RequestInbox.answered"))).toBeVisible();
          },
          "a",
        ));

      await test.step("owner B answers with a range of prices", () =>
        answer(
          run,
          t,
          b,
          linkB!,
          request,
          async (entry, ownerPage) => {
            await entry.getByRole("button", { name: t("RequestInbox.answerLabel", { job: request.job }) }).click();
            const form = ownerPage.getByRole("form", { name: t("RequestInbox.answerTitle") });
            await chip(form.getByRole("radio", { name: t("RequestInbox.priceKind", { kind: "range" }) })).click();
            await form.getByLabel(t("RequestInbox.priceFrom")).fill("1500");
            await form.getByLabel(t("RequestInbox.priceTo")).fill("2200");
            await form.getByRole("button", { name: t("RequestInbox.send") }).click();
            await expect(ownerPage.getByText(t("RequestInbox.answered"))).toBeVisible();
          },
          "b",
        ));

      await test.step("owner C declines", () =>
        answer(
          run,
          t,
          c,
          linkC!,
          request,
          async (entry, ownerPage) => {
            await entry.getByRole("button", { name: t("RequestInbox.declineLabel", { job: request.job }) }).click();
            const form = ownerPage.getByRole("form", { name: t("RequestInbox.declineTitle") });
            await expect(form.getByLabel(t("RequestInbox.declineMessage"))).toBeFocused();
            await ownerPage.keyboard.type("Немає вільних місць цього тижня.");
            await form.getByRole("button", { name: t("RequestInbox.declineSubmit"), exact: true }).click();
            await expect(ownerPage.getByText(t("RequestInbox.declined"))).toBeVisible();
          },
          "c",
        ));

      const answers = await test.step("the driver compares the answers side by side", async () => {
        for (const [owner, declined] of [
          [a, "no"],
          [b, "no"],
          [c, "yes"],
        ] as const) {
          const subject = t("Requests.mail.answeredSubject", { station: owner.service, job: request.job, declined });
          await mailTo(page, driver.email, (mail) => mail.subject === subject);
        }
        // From the header, as the driver would come back: My requests, then the request.
        await page.goto(prefix || "/");
        if (phone(run)) await page.getByRole("button", { name: t("Header.menu") }).tap();
        await page.getByRole("link", { name: t("Header.requests") }).click();
        await expect(page.getByRole("heading", { level: 1, name: t("MyRequests.title") })).toBeVisible();
        const listed = page.getByRole("article").filter({ hasText: request.job });
        await expect(listed).toContainText(t("MyRequests.answersCount", { count: 2 }));
        await expect(listed).toContainText(t("MyRequests.servicesCount", { count: 3 }));
        await listed.getByRole("link", { name: request.job }).click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/requests/${request.id}$`));

        const section = page.getByRole("region", { name: t("MyRequests.answersTitle", { count: 2, total: 3 }) });
        const cards = section.getByRole("article");
        await expect(cards).toHaveCount(3);
        const [cardA, cardB, cardC] = [a, b, c].map((owner) => section.getByRole("article", { name: owner.service }));
        await expect(cardA!).toContainText(/1[\s,.\u00a0\u202f]?800/);
        await expect(cardA!).toContainText("Колодки є на складі.");
        await expect(cardA!.getByText(t("MyRequests.slot"), { exact: false })).toBeVisible();
        await expect(cardB!).toContainText(/1[\s,.\u00a0\u202f]?500.*2[\s,.\u00a0\u202f]?200/);
        await expect(cardC!).toContainText(t("MyRequests.declinedNote"));
        await expect(cardC!).toContainText(t("MyRequests.targetStatus", { status: "declined" }));
        await expect(cardC!).toContainText("Немає вільних місць цього тижня.");
        // A decline cannot be accepted; each offer can.
        await expect(
          cardC!.getByRole("button", { name: t("MyRequests.acceptLabel", { name: c.service }) }),
        ).toHaveCount(0);
        // Side by side on a desktop (one row), one under another on a phone.
        const tops = await Promise.all([cardA!, cardB!, cardC!].map(async (card) => (await card.boundingBox())!.y));
        if (phone(run)) expect(new Set(tops).size, `cards stacked: ${tops.join(", ")}`).toBe(3);
        else expect(new Set(tops).size, `cards in a row: ${tops.join(", ")}`).toBe(1);
        await shot(page, run, "9-compare");
        return { cardA: cardA!, cardB: cardB! };
      });

      await test.step("the driver accepts A: A's answer shows with the service's phone", async () => {
        await press(
          page,
          run,
          answers.cardA.getByRole("button", { name: t("MyRequests.acceptLabel", { name: a.service }) }),
        );
        const dialog = page.getByRole("dialog", { name: t("Listing.areYouSure") });
        // No phone was given: the question names only the name and e-mail.
        await expect(dialog).toContainText(t("MyRequests.acceptQuestion", { name: a.service, phone: "no" }));
        await press(page, run, dialog.getByRole("button", { name: t("MyRequests.accept"), exact: true }));
        await expect(page.getByText(t("MyRequests.acceptedToast"))).toBeVisible();
        const chosen = page.getByRole("region", { name: t("MyRequests.chosenTitle", { name: a.service }) });
        await expect(chosen).toBeVisible();
        await expect(chosen.getByRole("link", { name: t("MyRequests.call") })).toBeVisible();
        await expect(chosen).toContainText(t("MyRequests.payDirectly"));
        await expect(answers.cardB).toContainText(t("MyRequests.targetStatus", { status: "passed" }));
        await shot(page, run, "10-accepted");
      });

      await test.step("A sees the driver's name and e-mail; B is told another service was chosen; C is not", async () => {
        const chosenMail = await mailTo(
          page,
          a.email,
          (mail) => mail.subject === t("Requests.mail.chosenSubject", { job: request.job }),
        );
        expect(chosenMail.text).toContain(driver.email);
        await a.page.goto(`${prefix}/requests/inbox?status=all`);
        const contacts = a.page.getByRole("region", { name: t("RequestInbox.chosenTitle") });
        await expect(contacts).toContainText(driver.name);
        await expect(contacts.getByRole("link", { name: driver.email })).toHaveAttribute(
          "href",
          `mailto:${driver.email}`,
        );
        await contacts.scrollIntoViewIfNeeded();
        if (phone(run)) await shot(a.page, run, "11-chosen-inbox");

        const passed = t("Requests.mail.passedSubject", { job: request.job });
        await mailTo(page, b.email, (mail) => mail.subject === passed);
        await b.page.goto(`${prefix}/requests/inbox?status=all`);
        const entryB = b.page.getByRole("article", { name: request.job });
        await expect(entryB).toContainText(t("RequestInbox.status", { status: "passed" }));
        await expect(entryB).toContainText(t("RequestInbox.passedNote"));
        await expect(entryB).not.toContainText(driver.email);
        if (phone(run)) await shot(b.page, run, "12-passed-inbox");

        const toC = await outboxMails(page.request, c.email);
        expect(toC.map((mail) => mail.subject)).not.toContain(passed);
        expect(toC.map((mail) => mail.subject)).toContain(
          t("Requests.mail.newSubject", { station: c.service, job: request.job }),
        );
      });

      await test.step("the driver's review of A before the job is confirmed is not a verified visit", async () => {
        await page.goto(`${prefix}/service/${a.serviceId}`);
        const form = page.getByRole("form", { name: t("Review.title") });
        const star = (aspect: "quality" | "speed" | "price", score: 4 | 5) =>
          form
            .getByRole("radiogroup", { name: t(`Review.${aspect}`) })
            .getByRole("radio", { name: t("Review.starsName", { word: t(`Review.score${score}`), count: score }) });
        await choose(page, run, star("quality", 5));
        await choose(page, run, star("speed", 5));
        await choose(page, run, star("price", 4));
        const words = "Поміняли колодки вчасно, як і домовлялися.";
        await form.getByLabel(t("Review.comment")).fill(words);
        await expect(form.getByLabel(t("Review.visitCode"))).toHaveValue("");
        await form.getByRole("button", { name: t("Review.submit") }).click();
        await expect(page.getByText(t("Review.submitted"))).toBeVisible();
        const review = page.getByRole("listitem").filter({ hasText: words });
        await expect(review).toBeVisible();
        await expect(review.getByText(t("Review.verified"))).toHaveCount(0);
        await review.scrollIntoViewIfNeeded();
        await shot(page, run, "13-review");
      });
    });
  });
}

test.describe("asking for a price", () => {
  test("a visitor who is signed out is sent to sign in and comes back to the form", async ({ page, users }) => {
    const t = translator("en");
    const owner = await users.create("owner", {
      service: { coordinates: { lat: 50.6, lng: 26.25 }, address: "Рівне, вул. Соборна, 1" },
    });
    const driver = await users.create("user", { name: "Signed Out Driver" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/service/${owner.serviceId}`);
    await page.getByRole("link", { name: t("RequestForm.askForPrice") }).click();
    await expect(page).toHaveURL(
      new RegExp(`/login\\?redirect=${escape(encodeURIComponent(`/requests/new?service=${owner.serviceId}`))}`),
    );
    await signIn(page, driver.email, driver.password);
    await expect(page).toHaveURL(new RegExp(`/requests/new\\?service=${owner.serviceId}$`));
    await expect(page.getByRole("heading", { level: 1, name: t("RequestForm.title") })).toBeVisible();
    await expect(page.getByRole("heading", { name: t("RequestForm.jobTitle") })).toBeVisible();
  });

  test("the car of the last request is filled in for the next one", async ({ page, users }) => {
    const run: Run = { code: "en", width: 390, height: 844, at: { lat: 50.2547, lng: 28.6587, city: "Zhytomyr" } };
    const t = translator("en");
    const [a, b] = await Promise.all([
      shop(users, run, "СТО Епсилон Zhytomyr", "Anna Epsilon", 0),
      shop(users, run, "СТО Зета Zhytomyr", "Bohdan Zeta", 0.02),
    ]);
    await users.create("user", { page, name: "Returning Driver" });
    await page.setViewportSize({ width: run.width, height: run.height });
    const first = await page.request.post("/api/requests", {
      data: {
        serviceIds: [a.serviceId],
        job: JOB,
        car: { make: "Skoda", model: "Octavia", year: 2015, fuel: "diesel" },
        when: { asap: true },
      },
    });
    expect(first.status(), await first.text()).toBe(201);

    await page.goto(`/requests/new?service=${b.serviceId}`);
    await chip(page.getByRole("radio", { name: t("Prices.job", { job: JOB }), exact: true })).click();
    await page.getByRole("button", { name: t("RequestForm.next"), exact: true }).click();
    await expect(page.getByRole("heading", { name: t("RequestForm.carTitle") })).toBeFocused();
    await expect(page.getByLabel(t("RequestForm.make"))).toHaveValue("Skoda");
    await expect(page.getByLabel(t("RequestForm.model"))).toHaveValue("Octavia");
    await expect(page.getByLabel(t("RequestForm.year"))).toHaveValue("2015");
    await expect(page.getByRole("radio", { name: t("RequestForm.fuelName", { fuel: "diesel" }) })).toBeChecked();
    await expect(page.getByText(t("RequestForm.carRemembered"))).toBeVisible();
  });

  test("the server's refusals are shown at their fields, translated: an empty model, a service already asked", async ({
    page,
    users,
  }) => {
    const run: Run = { code: "uk", width: 390, height: 844, at: { lat: 49.5535, lng: 25.5948, city: "Тернопіль" } };
    const t = translator("uk");
    const job = t("Prices.job", { job: JOB });
    const a = await shop(users, run, "СТО Дельта Тернопіль", "Олена Дельта", 0);
    // The owner is not offered to ask their own service.
    await a.page.goto(`/ua/service/${a.serviceId}`);
    await expect(a.page.getByRole("heading", { level: 1, name: a.service })).toBeVisible();
    await expect(a.page.getByRole("link", { name: t("RequestForm.askForPrice") })).toHaveCount(0);
    await users.create("user", { page, name: "Марта Водій", locale: "ua" });
    await page.setViewportSize({ width: run.width, height: run.height });
    const next = page.getByRole("button", { name: t("RequestForm.next"), exact: true });
    const send = page.getByRole("button", { name: t("RequestForm.send") });

    async function fillSteps() {
      await page.goto(`/ua/requests/new?service=${a.serviceId}`);
      await chip(page.getByRole("radio", { name: job, exact: true })).click();
      await next.click();
      await page.getByLabel(t("RequestForm.make")).selectOption("Skoda");
      await page.getByLabel(t("RequestForm.model")).fill("Octavia");
      await page.getByLabel(t("RequestForm.year")).fill("2015");
      await chip(page.getByRole("radio", { name: t("RequestForm.fuelName", { fuel: "diesel" }) })).click();
      await next.click();
      await next.click();
      await expect(page.getByRole("heading", { name: t("RequestForm.servicesTitle") })).toBeVisible();
    }

    await test.step("a model the browser let through but the server refuses: back on the car's step, at the field", async () => {
      // As an out-of-date page would send it: the model left empty.
      await page.route("**/api/requests", async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const body = route.request().postDataJSON() as { car: { model: string } };
        body.car.model = "";
        return route.continue({ postData: JSON.stringify(body) });
      });
      await fillSteps();
      await send.click();
      await expect(page.getByRole("heading", { name: t("RequestForm.carTitle") })).toBeVisible();
      const model = page.getByLabel(t("RequestForm.model"));
      await expect(model).toHaveAccessibleDescription(t("Requests.carModel"));
      await expect(model).toHaveAttribute("aria-invalid", "true");
      await shot(page, run, "error-model");
      await page.unroute("**/api/requests");
    });

    await test.step("sent; a second request to the same service is refused at the services' step", async () => {
      await next.click();
      await next.click();
      await send.click();
      await expect(page).toHaveURL(/\/ua\/requests\/[0-9a-f-]{36}$/);
      await fillSteps();
      await send.click();
      await expect(page.getByText(t("Requests.alreadyAsked")).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: t("RequestForm.servicesTitle") })).toBeVisible();
      await shot(page, run, "error-already-asked");
    });
  });
});
