import { describe, expect, it } from "vitest";

import { guardReason, ruleForPath } from "@/features/accounts/guarded-paths";
import { splitLocale } from "@/lib/http/locale-path";

describe("ruleForPath", () => {
  it("maps each guarded page of spec §2 to its rule, in both languages", () => {
    expect(ruleForPath("/profile")).toBe("signedIn");
    expect(ruleForPath("/ua/addservice")).toBe("signedIn");
    expect(ruleForPath("/placeorder")).toBe("signedIn");
    expect(ruleForPath("/mechanicregister")).toBe("noMechanic");
    expect(ruleForPath("/ua/mechanic-profile")).toBe("mechanic");
    expect(ruleForPath("/mystos")).toBe("stationOwner");
    expect(ruleForPath("/admin/users/page/2")).toBe("admin");
    expect(ruleForPath("/ua/admin")).toBe("admin");
  });

  it("requests for a price need a session, the admin's list of them an admin", () => {
    expect(ruleForPath("/requests")).toBe("signedIn");
    expect(ruleForPath("/ua/requests/new")).toBe("signedIn");
    expect(ruleForPath("/requests/inbox")).toBe("signedIn");
    expect(ruleForPath("/requests/0b7c1c1e-4d5e-4f6a-8b9c-0d1e2f3a4b5c")).toBe("signedIn");
    expect(ruleForPath("/admin/requests")).toBe("admin");
    expect(ruleForPath("/requestsx")).toBeNull();
  });

  it("leaves public pages and look-alike paths alone", () => {
    for (const path of ["/home", "/services", "/ua/service/1", "/profiles", "/administrator", "/login", "/ua"])
      expect(ruleForPath(path)).toBeNull();
  });
});

describe("guardReason", () => {
  it("accepts the rules' names only, never other text from the address", () => {
    expect(guardReason("signedIn")).toBe("signedIn");
    expect(guardReason(["admin", "mechanic"])).toBe("admin");
    for (const value of [undefined, "", "Admin", "constructor", "toString", "__proto__", "<b>x</b>", "Guard.admin"])
      expect(guardReason(value)).toBeNull();
  });
});

describe("splitLocale", () => {
  it("separates the /ua prefix only when it is a whole segment", () => {
    expect(splitLocale("/ua/profile")).toEqual({ locale: "uk", prefix: "/ua", path: "/profile" });
    expect(splitLocale("/ua")).toEqual({ locale: "uk", prefix: "/ua", path: "/" });
    expect(splitLocale("/uah")).toEqual({ locale: "en", prefix: "", path: "/uah" });
  });
});
