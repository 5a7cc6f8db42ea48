import { describe, expect, it } from "vitest";

import type { SessionView } from "@/features/accounts/answers";

import { headerLinks } from "./header-links";

const person: SessionView = {
  email: "a@b.ua",
  imageUrl: null,
  isAdmin: false,
  hasMechanicProfile: false,
  ownsStations: false,
};
const labels = (viewer: SessionView | null) => headerLinks(viewer).links.map((link) => link.label);

describe("header links by session (spec: header)", () => {
  it("a visitor gets sign-in and sign-up, no admin menu", () => {
    expect(labels(null)).toEqual(["home", "services", "becomeMaster", "addService", "saved", "login", "register"]);
    expect(headerLinks(null).admin).toBeNull();
  });

  it("a signed-in user gets their profile with their picture; masters, owners and admins get their own links", () => {
    expect(labels(person)).toEqual(["home", "services", "becomeMaster", "addService", "saved", "requests", "profile"]);
    expect(headerLinks({ ...person, imageUrl: "/api/uploads/x" }).links.at(-1)).toMatchObject({
      href: "/profile",
      avatar: "/api/uploads/x",
    });
    expect(labels({ ...person, hasMechanicProfile: true, ownsStations: true })).toEqual([
      "home",
      "services",
      "masterProfile",
      "addService",
      "saved",
      "myStations",
      "requests",
      "requestsInbox",
      "profile",
    ]);
    expect(headerLinks({ ...person, isAdmin: true }).admin?.map((link) => link.href)).toEqual([
      "/admin/users",
      "/admin/services",
      "/admin/inbox",
      "/admin/reviews",
      "/admin/security",
      "/admin/claims",
      "/admin/osm",
      "/admin/requests",
      "/admin/payments",
    ]);
  });

  it("gives the requests' inbox, with its count of new requests, to station owners and masters only", () => {
    const inbox = (viewer: SessionView) => headerLinks(viewer).links.find((link) => link.label === "requestsInbox");
    expect(inbox(person)).toBeUndefined();
    expect(inbox({ ...person, ownsStations: true })).toMatchObject({ href: "/requests/inbox", inboxBadge: true });
    expect(inbox({ ...person, hasMechanicProfile: true })).toMatchObject({ href: "/requests/inbox", inboxBadge: true });
    // Everyone signed in has their own requests, with the count of unread messages from services.
    expect(headerLinks(person).links.find((link) => link.label === "requests")).toMatchObject({
      href: "/requests",
      unreadBadge: true,
    });
    expect(headerLinks(null).links.find((link) => link.label === "requests")).toBeUndefined();
  });

  it("marks exactly the links that differ by session, which a page from the page cache hides while it asks", () => {
    const bySession = (viewer: SessionView | null) =>
      headerLinks(viewer)
        .links.filter((link) => link.bySession)
        .map((link) => link.label);
    expect(bySession(null)).toEqual(["becomeMaster", "login", "register"]);
    expect(bySession({ ...person, hasMechanicProfile: true, ownsStations: true })).toEqual([
      "masterProfile",
      "myStations",
      "requests",
      "requestsInbox",
      "profile",
    ]);
  });
});
