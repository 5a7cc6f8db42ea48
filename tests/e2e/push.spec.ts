import { randomBytes } from "node:crypto";
import type { CDPSession, Locator, Page, Worker } from "@playwright/test";

import config from "../../playwright.config";
import { findChromium } from "../../scripts/browser-path.mjs";
import { TEST_VAPID_KEYS } from "../../scripts/vapid-test-keys.mjs";
import { browserKeys, decryptPush, verifyVapid } from "../helpers/fake-push";
import { expect, test } from "./fixtures";
import { translator } from "./translate";

/**
 * Web Push in a real Chromium, from the question after an action to the page a click opens. A
 * driver sends a request for a price through the form; its page then asks "Get answers on this
 * phone?" (and only then: a reload does not ask again), and Yes subscribes this browser. The
 * shop answers, the driver accepts, and the shop proposes a time: the driver is told by push
 * (a booking is never held by quiet hours, so the spec runs at any hour). The push reaches the
 * push service stand-in (tests/helpers/fake-push-server.ts) encrypted and signed; the spec
 * decrypts it as the browser would, hands it to the real service worker, sees the notification
 * it shows and clicks it: the open page goes to the request. Then the stand-in answers 410 and
 * the subscription is dropped.
 *
 * Headless Chromium reaches no push service (its own is FCM, on the internet), so PushManager's
 * subscribe and getSubscription are replaced in the page with a subscription whose endpoint is
 * the stand-in and whose keys are this spec's; everything else is real (the permission, the
 * service worker, its push and notificationclick handlers, the server's encryption and VAPID).
 * CDP's ServiceWorker.deliverPushMessage plays the push service's delivery to the browser.
 */
// Debian's chromium-headless-shell, which the other specs run in (scripts/browser-path.mjs), has
// no notifications: Notification.permission is "denied" whatever is granted (Chromium 159's old
// headless mode). This spec runs in the full browser's headless mode, which has them.
const launchOptions = config.projects?.[0]?.use?.launchOptions ?? {};
test.use({
  serviceWorkers: "allow",
  launchOptions: { ...launchOptions, executablePath: findChromium() ?? launchOptions.executablePath },
});

/** What the spec uses of the worker's global scope (the project's TypeScript has the DOM's types, not WebWorker's). */
type WorkerScope = {
  registration: { getNotifications(): Promise<Notification[]> };
  dispatchEvent(event: Event): boolean;
};
declare const NotificationEvent: new (type: string, init: { notification: Notification }) => Event;

const PORT = Number(process.env.E2E_PORT ?? 3100);
const STAND_IN = `http://127.0.0.1:${PORT + 95}`;
const t = translator("en");

type Received = { id: string; status: number; headers: Record<string, string>; body: string };

async function receivedAt(id: string): Promise<Received[]> {
  const response = await fetch(`${STAND_IN}/_control/received/${id}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as Received[];
}

/** A chip's radio, from the keyboard (its input is visually hidden inside the chip). */
async function choose(control: Locator) {
  await control.focus();
  await control.page().keyboard.press("Space");
  await expect(control).toBeChecked();
}

/** A day in Kyiv, `days` after today, as YYYY-MM-DD. */
function kyivDay(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Kyiv" }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The push service worker's registration id, as CDP names it (after ServiceWorker.enable). */
async function registrationIdOf(cdp: CDPSession, scope: string): Promise<string> {
  let found: string | null = null;
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    for (const registration of registrations)
      if (registration.scopeURL === scope && !registration.isDeleted) found = registration.registrationId;
  });
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => found, "the service worker's registration").not.toBeNull();
  return found!;
}

async function serviceWorkerOf(page: Page): Promise<Worker> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent("serviceworker"));
}

test("a push reaches the browser encrypted, shows a notification that opens its page, and 410 drops it", async ({
  browser,
  users,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = new URL(baseURL!).origin;
  const keys = browserKeys();
  const endpointId = randomBytes(12).toString("base64url");
  const endpoint = `${STAND_IN}/push/${endpointId}`;

  const context = await browser.newContext({ serviceWorkers: "allow" });
  // Playwright's Chromium denies every permission it was not given ("denied", never "default"),
  // so the browser's own prompt cannot be played: the person has allowed notifications for the site.
  await context.grantPermissions(["notifications"], { origin });
  // The subscription the browser would get from its push service, kept across page loads.
  await context.addInitScript(
    ({ endpoint, p256dh, auth }) => {
      const bytes = (text: string) =>
        Uint8Array.from(
          atob(
            text
              .replace(/-/g, "+")
              .replace(/_/g, "/")
              .padEnd(Math.ceil(text.length / 4) * 4, "="),
          ),
          (c) => c.charCodeAt(0),
        ).buffer;
      const fake = (applicationServerKey: ArrayBuffer | null) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey },
        getKey: (name: string) => bytes(name === "p256dh" ? p256dh : auth),
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          localStorage.removeItem("e2e-push-key");
          return true;
        },
      });
      const stored = () => {
        const key = localStorage.getItem("e2e-push-key");
        return key === null ? null : fake(bytes(key));
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const raw = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array((key as Uint8Array).buffer);
        localStorage.setItem(
          "e2e-push-key",
          btoa(String.fromCharCode(...raw))
            .replace(/\+/g, "-")
            .replace(/\//g, "_")
            .replace(/=+$/, ""),
        );
        return stored() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return stored() as unknown as PushSubscription;
      };
    },
    { endpoint, p256dh: keys.keys.p256dh, auth: keys.keys.auth },
  );
  const page = await context.newPage();
  const owner = await users.create("owner", { name: "Petro Push", locale: "en" });
  await users.create("user", { name: "Dana Push", locale: "en", page });
  const pushState = async () =>
    (await (await page.request.get("/api/users/push-subscriptions")).json()) as { subscriptions: number };

  const requestId =
    await test.step("the driver sends a request through the form; its page asks about push", async () => {
      await page.goto("/");
      await serviceWorkerOf(page);
      await page.goto(`/requests/new?service=${owner.serviceId}`);
      const next = page.getByRole("button", { name: t("RequestForm.next"), exact: true });
      await choose(page.getByRole("radio", { name: t("Prices.job", { job: "brake_pads" }), exact: true }));
      await next.click();
      await page.getByLabel(t("RequestForm.make")).selectOption("Skoda");
      await page.getByLabel(t("RequestForm.model")).fill("Octavia");
      await page.getByLabel(t("RequestForm.year")).fill("2015");
      await choose(page.getByRole("radio", { name: t("RequestForm.fuelName", { fuel: "diesel" }) }));
      await next.click();
      await expect(page.getByRole("heading", { name: t("RequestForm.whenTitle") })).toBeFocused();
      await next.click();
      await expect(page.getByRole("heading", { name: t("RequestForm.servicesTitle") })).toBeFocused();
      await page.getByRole("button", { name: t("RequestForm.send") }).click();
      await expect(page).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
      const id = /\/requests\/([0-9a-f-]{36})$/.exec(page.url())![1]!;

      const offer = page.getByRole("region", { name: t("Push.optIn.question") });
      await expect(offer).toBeVisible();
      await expect(offer).toContainText(t("Push.optIn.hint"));
      // Allowed for the site (below) but not subscribed: asked all the same, and Yes needs no browser prompt.
      expect(await page.evaluate(() => Notification.permission)).toBe("granted");
      await offer.getByRole("button", { name: t("Push.optIn.yes") }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByText(t("Push.optIn.turnedOn"))).toBeVisible();
      await expect(offer).toBeHidden();
      expect(await pushState()).toMatchObject({ available: true, subscriptions: 1 });

      // Never on a page's load: the same page again does not ask.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("region", { name: t("Push.optIn.question") })).toHaveCount(0);
      return id;
    });

  const link = `${origin}/requests/${requestId}`;
  await test.step("the shop answers, the driver accepts, the shop proposes a time", async () => {
    const answered = await owner.context.request.post(`/api/requests/${requestId}/answers`, {
      data: { serviceId: owner.serviceId, price: 1500 },
    });
    expect(answered.status(), await answered.text()).toBe(201);
    const view = (await (await page.request.get(`/api/requests/${requestId}`)).json()) as {
      answers: { _id: string }[];
    };
    const accepted = await page.request.post(`/api/requests/${requestId}/accept`, {
      data: { answerId: view.answers[0]!._id },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    const proposed = await owner.context.request.post(`/api/requests/${requestId}/booking`, {
      data: { slots: [{ start: `${kyivDay(3)}T10:00`, minutes: 60 }] },
    });
    expect(proposed.status(), await proposed.text()).toBe(200);
  });

  const payload = await test.step("the push service receives it encrypted and signed with our VAPID key", async () => {
    let message: Received | undefined;
    let text = "";
    await expect
      .poll(
        async () => {
          for (const each of await receivedAt(endpointId)) {
            const decrypted = JSON.parse(decryptPush(Buffer.from(each.body, "base64"), keys)) as { tag: string };
            if (each.status === 201 && decrypted.tag.startsWith("request.bookingProposed")) {
              message = each;
              text = JSON.stringify(decrypted);
            }
          }
          return Boolean(message);
        },
        { message: "the booking's push at the stand-in", timeout: 60_000 },
      )
      .toBe(true);
    expect(message!.headers).toMatchObject({ "content-encoding": "aes128gcm", ttl: "86400", urgency: "high" });
    const { key, claims } = verifyVapid(message!.headers.authorization);
    expect(key).toBe(TEST_VAPID_KEYS.VAPID_PUBLIC_KEY);
    expect(claims.aud).toBe(STAND_IN);
    const decrypted = JSON.parse(text) as { title: string; body: string; url: string };
    expect(decrypted.url).toBe(link);
    expect(decrypted.title.length).toBeGreaterThan(0);
    return { text, ...decrypted };
  });

  await test.step("the service worker shows it, and its click takes the open page to the request", async () => {
    await page.goto("/");
    const worker = await serviceWorkerOf(page);
    const cdp = await context.newCDPSession(page);
    const registrationId = await registrationIdOf(cdp, `${origin}/`);
    await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId, data: payload.text });
    type Shown = { title: string; body: string; tag: string; data: { url: string } };
    let shown: Shown[] = [];
    await expect
      .poll(async () => {
        shown = await worker.evaluate(async () =>
          (await (self as unknown as WorkerScope).registration.getNotifications()).map((each) => ({
            title: each.title,
            body: each.body,
            tag: each.tag,
            data: each.data as { url: string },
          })),
        );
        return shown.length;
      }, "the notification")
      .toBe(1);
    expect(shown[0]).toMatchObject({ title: payload.title, body: payload.body, data: { url: link } });

    // The click as the browser dispatches it to the worker (headless Chromium has no notification to click).
    await worker.evaluate(async () => {
      const scope = self as unknown as WorkerScope;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new NotificationEvent("notificationclick", { notification: notification! }));
    });
    await expect(page).toHaveURL(link);
    await expect
      .poll(() =>
        worker.evaluate(async () => (await (self as unknown as WorkerScope).registration.getNotifications()).length),
      )
      .toBe(0);
    await cdp.detach();
  });

  await test.step("the push service answers 410: the subscription is dropped", async () => {
    const told = await fetch(`${STAND_IN}/_control/answer/${endpointId}`, {
      method: "POST",
      body: JSON.stringify({ status: 410 }),
    });
    expect(told.ok).toBe(true);
    // The shop proposes another time while its proposal is open: the driver is told again.
    const again = await owner.context.request.post(`/api/requests/${requestId}/booking`, {
      data: { slots: [{ start: `${kyivDay(4)}T11:00`, minutes: 60 }] },
    });
    expect(again.status(), await again.text()).toBe(200);
    await expect
      .poll(async () => (await receivedAt(endpointId)).some((each) => each.status === 410), {
        message: "the stand-in's 410",
        timeout: 60_000,
      })
      .toBe(true);
    await expect.poll(async () => (await pushState()).subscriptions, { timeout: 30_000 }).toBe(0);
  });

  await context.close();
});
