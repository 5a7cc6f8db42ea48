import { describe, expect, it } from "vitest";

import { backToListHref, listOfReferrer, listReturnNote, serviceIdOfPath } from "@/features/catalog/list-return";

const ID = "5f0c7a3e-2b1d-4c8e-9a6f-0d3e2c1b4a59";

describe("serviceIdOfPath", () => {
  it("names the service a link on the list opens, in either language", () => {
    expect(serviceIdOfPath(`/service/${ID}`)).toBe(ID);
    expect(serviceIdOfPath(`/ua/service/${ID}`)).toBe(ID);
  });

  it("is nothing for the list's own links and for other pages", () => {
    expect(serviceIdOfPath("/services")).toBeNull();
    expect(serviceIdOfPath("/ua/services")).toBeNull();
    expect(serviceIdOfPath("/ranking")).toBeNull();
    expect(serviceIdOfPath(`/service/${ID}/reviews`)).toBeNull();
    expect(serviceIdOfPath("/service/")).toBeNull();
  });
});

describe("backToListHref", () => {
  it("leads back to the list the service was opened from, its question kept", () => {
    const list = "/services?open=true&near=50.4501,30.5234&job=oil_change";
    expect(backToListHref(JSON.stringify({ id: ID, href: list }), ID)).toBe(list);
    expect(backToListHref(JSON.stringify({ id: ID, href: "/stos?page=2" }), ID)).toBe("/stos?page=2");
  });

  it("is the plain list for a page opened directly, from elsewhere, or from a list that opened another service", () => {
    expect(backToListHref(null, ID)).toBe("/services");
    expect(backToListHref(JSON.stringify({ id: "another", href: "/services?open=true" }), ID)).toBe("/services");
  });

  it("never leads off the lists, whatever the tab's storage holds", () => {
    for (const href of [
      "https://evil.example/services",
      "//evil.example/services",
      "/login",
      "javascript:alert(1)",
      42,
    ])
      expect(backToListHref(JSON.stringify({ id: ID, href }), ID)).toBe("/services");
    expect(backToListHref("{not json", ID)).toBe("/services");
    expect(backToListHref("null", ID)).toBe("/services");
  });
});

describe("listOfReferrer", () => {
  const ORIGIN = "https://maister.example";

  it("is the list a page loaded whole was opened from (a tap before the list had hydrated), without its language prefix", () => {
    expect(listOfReferrer(`${ORIGIN}/services?open=true&near=50.45%2C30.52`, ORIGIN)).toBe(
      "/services?open=true&near=50.45%2C30.52",
    );
    expect(listOfReferrer(`${ORIGIN}/ua/stos?page=2`, ORIGIN)).toBe("/stos?page=2");
    expect(listOfReferrer(`${ORIGIN}/ua/mechanics`, ORIGIN)).toBe("/mechanics");
  });

  it("is nothing for another site, another page of this one, or no referrer", () => {
    expect(listOfReferrer("", ORIGIN)).toBeNull();
    expect(listOfReferrer("https://evil.example/services?open=true", ORIGIN)).toBeNull();
    expect(listOfReferrer(`${ORIGIN}/cart`, ORIGIN)).toBeNull();
    expect(listOfReferrer(`${ORIGIN}/ua/service/${ID}`, ORIGIN)).toBeNull();
    expect(listOfReferrer(`${ORIGIN}/uaservices`, ORIGIN)).toBeNull();
  });

  // The service's page was loaded whole from this list at LOADED (ms since the epoch).
  const LOADED = 1_800_000_000_000;
  const referred = { list: "/services?open=true", loadedAt: LOADED };

  it("leads back there when the tab's note names no list for this service, or one noted before the page loaded", () => {
    expect(backToListHref(null, ID, { list: "/services?job=oil_change", loadedAt: LOADED })).toBe(
      "/services?job=oil_change",
    );
    expect(backToListHref(listReturnNote("another", "/stos", LOADED + 5), ID, referred)).toBe("/services?open=true");
    // An older visit's note of this service is not where the page came from now.
    expect(backToListHref(listReturnNote(ID, "/stos?page=3", LOADED - 60_000), ID, referred)).toBe(
      "/services?open=true",
    );
    expect(backToListHref(JSON.stringify({ id: ID, href: "/stos?page=3" }), ID, referred)).toBe("/services?open=true");
  });

  it("gives way to a note made since: the service opened again from a list within the app", () => {
    expect(backToListHref(listReturnNote(ID, "/mechanics?onthego=true", LOADED + 60_000), ID, referred)).toBe(
      "/mechanics?onthego=true",
    );
  });
});
