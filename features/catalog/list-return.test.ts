import { describe, expect, it } from "vitest";

import { backToListHref, serviceIdOfPath } from "@/features/catalog/list-return";

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
