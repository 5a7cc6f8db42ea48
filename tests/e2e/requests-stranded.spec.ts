import type { Locator, Page } from "@playwright/test";

import { distanceKm, shownKm } from "@/domain/service/distance";
import { REQUEST_ASAP_OPEN_HOURS } from "@/features/requests/rules";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";
import { escapeRegExp as escape, translator, type Code, type Translate } from "./translate";
import type { SignedIn, Users } from "./users";

/**
 * Asking for a price when stranded, in a browser: the driver shares where they are on a service's
 * page and asks "as soon as possible". The form carries their position (distances are from them,
 * not from that service), shows which suggested services are open now, takes a phone; the
 * "sent" toast leaves the request's status in sight. The owners find the request marked urgent and
 * first in their inbox; each offer has a Call button; the chosen shop alone gets the driver's
 * phone with its own Call button. At 390 and 1440 px, in English and Ukrainian.
 */
const SHOTS = "/work/coord/shots";
const JOB = "brake_pads";
/** The phone the driver gives, as typed, as stored (tel:) and as shown. */
const DRIVER_PHONE = { typed: "050 765 43 21", stored: "+380507654321", shown: "050 765 4321" };
/** Every test station's public phone (tests/helpers/service-input.ts: 067 123 4567). */
const SHOP_TEL = "tel:+380671234567";

type Run = {
  code: Code;
  width: number;
  height: number;
  /** Where this run's services stand: away from the demo data's cities and the other request specs' runs. */
  at: { lat: number; lng: number; city: string };
};

const RUNS: Run[] = [
  { code: "uk", width: 390, height: 844, at: { lat: 49.4229, lng: 26.9871, city: "Хмельницький" } },
  { code: "en", width: 1440, height: 900, at: { lat: 48.5079, lng: 32.2623, city: "Kropyvnytskyi" } },
  { code: "en", width: 390, height: 844, at: { lat: 49.4444, lng: 32.0598, city: "Cherkasy" } },
  { code: "uk", width: 1440, height: 900, at: { lat: 46.975, lng: 31.9946, city: "Миколаїв" } },
];

const prefixOf = (code: Code) => (code === "uk" ? "/ua" : "");
const phone = (run: Run) => run.width < 1024;
const shot = (page: Page, run: Run, name: string) =>
  page.screenshot({ path: `${SHOTS}/e2e-stranded-${run.code}-${run.width}-${name}.png`, fullPage: false });
/** The driver stands 0.1° north of the first service (11 km): far enough that "from the service" would read otherwise. */
const driverAt = (run: Run) => ({ lat: Number((run.at.lat + 0.1).toFixed(5)), lng: run.at.lng });

type Shop = SignedIn & { serviceId: string; service: string; point: { lat: number; lng: number } };

/** A station owner with a paid station `offset`° north of the run's point that lists the job. */
async function shop(users: Users, run: Run, name: string, offset: number): Promise<Shop> {
  const point = { lat: run.at.lat + offset, lng: run.at.lng };
  const owner = await users.create("owner", {
    name: `${name} owner`,
    locale: run.code === "uk" ? "ua" : "en",
    service: { name, coordinates: point, address: `${run.at.city}, ${name}` },
  });
  const prices = await owner.context.request.put(`/api/items/users/${owner.serviceId}/prices`, {
    data: { lines: [{ job: JOB, fromUah: 1500 }] },
  });
  expect(prices.status(), await prices.text()).toBe(200);
  await owner.page.setViewportSize({ width: run.width, height: run.height });
  return { ...owner, serviceId: owner.serviceId!, service: name, point };
}

/** The owner's live word for the next hours: it decides "open now" whatever the timetable says. */
async function liveWord(owner: Shop, state: "open" | "air_alert") {
  const response = await owner.context.request.put(`/api/items/users/${owner.serviceId}/status`, {
    data: { state, hours: 3 },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** What a card says of a service's distance from the driver, in the page's language. */
const fromDriver = (t: Translate, key: string, run: Run, to: { lat: number; lng: number }) =>
  t(key, { km: shownKm(distanceKm(driverAt(run), to)) });

/** Two boxes on screen share no pixel. */
function apart(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
}

/** Next (or Send): tapped on the phone, Enter on the focused button on the desktop. */
async function press(page: Page, run: Run, button: Locator) {
  if (phone(run)) await button.tap();
  else {
    await button.focus();
    await page.keyboard.press("Enter");
  }
}

/** A chip's label, drawn around a visually hidden radio. */
const chip = (radio: Locator) => radio.locator("xpath=..");

test.describe.configure({ timeout: 150_000 });
test.use({ actionTimeout: 15_000 });

for (const [index, run] of RUNS.entries()) {
  const t = translator(run.code);
  const prefix = prefixOf(run.code);
  const here = driverAt(run);

  test.describe(`${run.code}, ${run.width} px`, () => {
    test.use({
      viewport: { width: run.width, height: run.height },
      hasTouch: phone(run),
      geolocation: { latitude: here.lat, longitude: here.lng },
      permissions: ["geolocation"],
    });

    test("a stranded driver asks as soon as possible from where they are: open now, distances from them, urgent first, Call buttons, the phone to the chosen shop only", async ({
      page,
      users,
    }) => {
      const suffix = `${run.code}${run.width}`;
      const [driver, other, a, b, c] = await Promise.all([
        users.create("user", {
          page,
          name: run.code === "uk" ? "Ганна Дорожня" : "Hanna Road",
          locale: run.code === "uk" ? "ua" : "en",
        }),
        users.create("user", { name: "Other Driver" }),
        shop(users, run, `СТО Старт ${run.at.city} ${suffix}`, 0),
        shop(users, run, `СТО Відчинено ${run.at.city} ${suffix}`, 0.01),
        shop(users, run, `СТО Тривога ${run.at.city} ${suffix}`, 0.02),
      ]);
      await liveWord(b, "open");
      await liveWord(c, "air_alert");
      const job = t("Prices.job", { job: JOB });
      const next = page.getByRole("button", { name: t("RequestForm.next"), exact: true });

      const requestId =
        await test.step("the driver shares their position on the service's page and asks: it goes along", async () => {
          await page.goto(`${prefix}/service/${a.serviceId}`);
          const howFar = page.getByRole("button", { name: t("ServiceDetail.howFar") });
          await hydrated(howFar);
          await press(page, run, howFar);
          // The position found is remembered for this tab, and the button takes it along.
          const ask = page.getByRole("link", { name: t("RequestForm.askForPrice") });
          await expect(ask).toHaveAttribute("href", /near=/);
          await press(page, run, ask);
          await expect(page).toHaveURL(
            new RegExp(`/requests/new\\?service=${a.serviceId}&near=${here.lat}(%2C|,)${here.lng}$`),
          );

          await chip(page.getByRole("radio", { name: job, exact: true })).click();
          await press(page, run, next);
          await page.getByLabel(t("RequestForm.make")).selectOption("Skoda");
          await page.getByLabel(t("RequestForm.model")).fill("Fabia");
          await page.getByLabel(t("RequestForm.year")).fill("2012");
          await chip(page.getByRole("radio", { name: t("RequestForm.fuelName", { fuel: "petrol" }) })).click();
          await press(page, run, next);

          // As soon as possible is the default, and the form says what it means for the services.
          await expect(page.getByRole("radio", { name: t("RequestForm.asap") })).toBeChecked();
          await expect(page.getByText(t("RequestForm.asapHint", { hours: REQUEST_ASAP_OPEN_HOURS }))).toBeVisible();
          await press(page, run, next);

          // The suggestions: open now or not (the owners' live words), distances from the driver.
          const others = page.getByRole("group", { name: t("RequestForm.alsoSendTo") });
          const rowOf = (shopOf: Shop) =>
            others.locator("label").filter({ has: page.getByRole("checkbox", { name: shopOf.service }) });
          await expect(rowOf(b)).toContainText(t("LiveStatus.badge", { state: "open" }));
          await expect(rowOf(c)).toContainText(t("LiveStatus.badge", { state: "air_alert" }));
          await expect(rowOf(b)).toContainText(fromDriver(t, "RequestForm.distanceKm", run, b.point));
          await expect(rowOf(c)).toContainText(fromDriver(t, "RequestForm.distanceKm", run, c.point));
          await rowOf(b).click();
          await rowOf(c).click();
          await expect(others.getByText(t("RequestForm.chosenCount", { count: 2, max: 4 }))).toBeVisible();

          // A phone to be called back on, said to go to the chosen service only.
          const phoneField = page.getByLabel(t("RequestForm.phone"));
          await expect(phoneField).toHaveAccessibleDescription(t("RequestForm.phoneHint"));
          await phoneField.fill("12ab");
          await press(page, run, page.getByRole("button", { name: t("RequestForm.send") }));
          await expect(phoneField).toHaveAccessibleDescription(new RegExp(escape(t("Validation.phone"))));
          await phoneField.fill(DRIVER_PHONE.typed);
          await shot(page, run, "1-suggestions");
          await press(page, run, page.getByRole("button", { name: t("RequestForm.send") }));

          await expect(page).toHaveURL(new RegExp(`${prefix}/requests/[0-9a-f-]{36}$`));
          // The "sent" toast and the request's status are both in sight: the toast covers none of it.
          const status = page.getByText(t("MyRequests.status", { status: "open" }), { exact: true });
          const toast = page.locator("[data-sonner-toast]").filter({ hasText: t("RequestForm.sent") });
          await expect(status).toBeVisible();
          await expect(toast).toBeVisible();
          await expect.poll(() => toast.evaluate((node) => getComputedStyle(node).opacity)).toBe("1");
          const [toastBox, statusBox] = [(await toast.boundingBox())!, (await status.boundingBox())!];
          expect(
            apart(toastBox, statusBox),
            `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(statusBox)}`,
          ).toBe(true);
          if (phone(run)) {
            // Across the phone's width it stays off the title too (the heading's box spans the column on a desktop).
            const title = (await page.getByRole("heading", { level: 1, name: job }).boundingBox())!;
            expect(apart(toastBox, title), "the toast leaves the request's title in sight").toBe(true);
          }
          await shot(page, run, "2-sent");
          await expect(page.getByText(t("MyRequests.yourPhone", { phone: DRIVER_PHONE.shown }))).toBeVisible();
          return /\/requests\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
        });

      await test.step("a request for certain days sent later still comes after the urgent one in A's inbox", async () => {
        const later = await other.context.request.post("/api/requests", {
          data: {
            serviceIds: [a.serviceId],
            job: JOB,
            car: { make: "Skoda", model: "Octavia", year: 2015, fuel: "diesel" },
            when: {
              from: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
              to: new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10),
            },
          },
          headers: { "x-forwarded-for": `10.211.${index}.${Date.now() % 250}` },
        });
        expect(later.status(), await later.text()).toBe(201);

        await a.page.goto(`${prefix}/requests/inbox`);
        const entries = a.page.getByRole("article");
        await expect(entries).toHaveCount(2);
        const first = entries.first();
        await expect(first).toContainText(t("RequestInbox.urgent"));
        await expect(first).toContainText(t("RequestForm.asap"));
        await expect(first).toContainText(fromDriver(t, "RequestInbox.distance", run, a.point));
        await expect(entries.nth(1)).not.toContainText(t("RequestInbox.urgent"));
        // Hours left, not days ("3 days left to answer" was what an urgent request said).
        await expect(first).toContainText(
          t("RequestInbox.timeLeft", {
            time: t("ResponseFigures.duration", { unit: "hour", value: REQUEST_ASAP_OPEN_HOURS }),
          }),
        );
        await shot(a.page, run, "3-urgent-inbox");
      });

      for (const [owner, price] of [
        [a, "1700"],
        [b, "1900"],
      ] as const)
        await test.step(`${owner.service} answers with a price; nobody at the shop sees the driver's phone yet`, async () => {
          await owner.page.goto(`${prefix}/requests/inbox`);
          const entry = owner.page.getByRole("article").filter({ hasText: t("RequestInbox.urgent") });
          await expect(entry).not.toContainText(DRIVER_PHONE.shown);
          await entry.getByRole("button", { name: t("RequestInbox.answerLabel", { job }) }).click();
          const form = owner.page.getByRole("form", { name: t("RequestInbox.answerTitle") });
          await form.getByLabel(t("RequestInbox.price")).fill(price);
          await form.getByRole("button", { name: t("RequestInbox.send") }).click();
          await expect(owner.page.getByText(t("RequestInbox.answered"))).toBeVisible();
        });

      await test.step("each offer has a Call button to the service's phone; distances from the driver", async () => {
        await page.goto(`${prefix}/requests/${requestId}`);
        const section = page.getByRole("region", { name: t("MyRequests.answersTitle", { count: 2, total: 3 }) });
        for (const owner of [a, b]) {
          const card = section.getByRole("article", { name: owner.service });
          const call = card.getByRole("link", { name: t("MyRequests.call") });
          await expect(call).toHaveAttribute("href", SHOP_TEL);
          await expect(card).toContainText(fromDriver(t, "MyRequests.distanceKm", run, owner.point));
        }
        // No answer, nothing to call about here yet.
        await expect(
          section.getByRole("article", { name: c.service }).getByRole("link", { name: t("MyRequests.call") }),
        ).toHaveCount(0);
        await shot(page, run, "4-offers");
        const cardA = section.getByRole("article", { name: a.service });
        await press(page, run, cardA.getByRole("button", { name: t("MyRequests.acceptLabel", { name: a.service }) }));
        const dialog = page.getByRole("dialog", { name: t("Listing.areYouSure") });
        await expect(dialog).toContainText(t("MyRequests.acceptQuestion", { name: a.service, phone: "yes" }));
        await press(page, run, dialog.getByRole("button", { name: t("MyRequests.accept"), exact: true }));
        await expect(
          page.getByRole("region", { name: t("MyRequests.chosenTitle", { name: a.service }) }),
        ).toBeVisible();
        // The request now says where the phone went, no longer "for the service you choose".
        await expect(
          page.getByText(t("MyRequests.yourPhoneSent", { phone: DRIVER_PHONE.shown, name: a.service })),
        ).toBeVisible();
      });

      await test.step("the chosen shop gets the phone with a Call button; the other shops never", async () => {
        await a.page.goto(`${prefix}/requests/inbox?status=all`);
        const contacts = a.page.getByRole("region", { name: t("RequestInbox.chosenTitle") });
        await expect(contacts).toContainText(driver.name);
        await expect(contacts).toContainText(DRIVER_PHONE.shown);
        await expect(contacts.getByRole("link", { name: t("RequestInbox.callDriver") })).toHaveAttribute(
          "href",
          `tel:${DRIVER_PHONE.stored}`,
        );
        await contacts.scrollIntoViewIfNeeded();
        await shot(a.page, run, "5-chosen-phone");
        for (const owner of [b, c]) {
          await owner.page.goto(`${prefix}/requests/inbox?status=all`);
          await expect(owner.page.getByRole("article").first()).toBeVisible();
          await expect(owner.page.locator("main")).not.toContainText(DRIVER_PHONE.shown);
          await expect(owner.page.getByRole("link", { name: t("RequestInbox.callDriver") })).toHaveCount(0);
        }
      });
    });
  });
}
