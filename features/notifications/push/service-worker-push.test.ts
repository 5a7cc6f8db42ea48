import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it } from "vitest";

/**
 * The push half of the service worker (public/sw.js), run as the offline tests run it: in a
 * context of its own with the worker's globals played by fakes. It shows each push as a
 * notification and opens its page on a click, never a page of another site.
 */
const SOURCE = readFileSync(path.join(import.meta.dirname, "../../../public/sw.js"), "utf8");
const ORIGIN = "https://maister.test";

type Listener = (event: unknown) => void;
type FakeWindow = { url: string; focused: boolean; navigated?: string; controlled: boolean };

function load(windows: FakeWindow[] = []) {
  const listeners = new Map<string, Listener>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const waits: Promise<unknown>[] = [];
  const context: Record<string, unknown> = {
    location: new URL("/sw.js?v=build-1", ORIGIN),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () =>
        windows.map((window) => ({
          url: window.url,
          focused: window.focused,
          focus: async function () {
            return this;
          },
          navigate: async (url: string) => {
            if (!window.controlled) throw new TypeError("not controlled");
            window.navigated = url;
            return { url, focus: async () => Promise.reject(new Error("not allowed to focus")) };
          },
        })),
      openWindow: async (url: string) => void opened.push(url),
    },
    URL,
    Promise,
  };
  context.self = context;
  vm.createContext(context);
  vm.runInContext(SOURCE, context);
  const fire = async (type: string, event: Record<string, unknown>) => {
    listeners.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits.splice(0));
  };
  return { fire, shown, opened };
}

const pushOf = (payload: unknown) => ({ data: { text: () => JSON.stringify(payload) } });
const clickOf = (url: unknown) => {
  const notification = { data: { url }, closed: false, close: () => (notification.closed = true) };
  return notification;
};

describe("the service worker's push", () => {
  it("shows the push's title and text with the icon, its tag, and the page to open", async () => {
    const worker = load();
    await worker.fire(
      "push",
      pushOf({ title: "New request", body: "Brakes", url: `${ORIGIN}/mystos/requests/1`, tag: "request.new:1" }),
    );
    expect(worker.shown).toEqual([
      {
        title: "New request",
        options: {
          body: "Brakes",
          icon: "/icons/icon-192.png",
          badge: "/icons/icon-192.png",
          tag: "request.new:1",
          data: { url: `${ORIGIN}/mystos/requests/1` },
        },
      },
    ]);
  });

  it("shows a notification even for a push that is not our JSON, and opens no other site", async () => {
    const worker = load();
    await worker.fire("push", { data: { text: () => "plain words" } });
    await worker.fire("push", pushOf({ title: "Hi", url: "https://evil.example/phish" }));
    await worker.fire("push", { data: null });
    expect(worker.shown.map(({ title }) => title)).toEqual(["Maister", "Hi", "Maister"]);
    expect(worker.shown[0]!.options.body).toBe("plain words");
    expect(worker.shown[1]!.options.data).toEqual({ url: `${ORIGIN}/` });
  });

  it("a click closes the notification and takes an open window of the site to the page", async () => {
    const windows = [
      { url: "https://other.example/", focused: true, controlled: true },
      { url: `${ORIGIN}/ua`, focused: false, controlled: true },
    ];
    const worker = load(windows);
    const notification = clickOf(`${ORIGIN}/requests/7`);
    await worker.fire("notificationclick", { notification });
    expect(notification.closed).toBe(true);
    expect(windows[1]!).toMatchObject({ navigated: `${ORIGIN}/requests/7` });
    expect(worker.opened).toEqual([]);
  });

  it("opens a new window when none of the site is open or it cannot be navigated, and never another site", async () => {
    const none = load();
    await none.fire("notificationclick", { notification: clickOf(`${ORIGIN}/requests/7`) });
    expect(none.opened).toEqual([`${ORIGIN}/requests/7`]);

    const uncontrolled = load([{ url: `${ORIGIN}/`, focused: true, controlled: false }]);
    await uncontrolled.fire("notificationclick", { notification: clickOf("https://evil.example/") });
    expect(uncontrolled.opened).toEqual([`${ORIGIN}/`]);
  });
});
