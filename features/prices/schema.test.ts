import { describe, expect, it } from "vitest";

import { SERVICE_RADIUS_MAX_KM } from "@/domain/service/fields";
import { paidFields, priceListInput } from "@/features/prices/schema";
import { fieldErrors, z } from "@/lib/zod";

const errorsOf = (body: unknown) => {
  const parsed = priceListInput.safeParse(body);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

describe("priceListInput: the tow truck and how far it comes", () => {
  it("takes a tow truck with the kilometres it comes, as masters give their radius", () => {
    expect(priceListInput.parse({ lines: [{ job: "tow_truck", fromUah: 1200, radiusKm: 40 }] }).lines).toEqual([
      { job: "tow_truck", label: "", fromUah: 1200, radiusKm: 40 },
    ]);
    expect(
      priceListInput.parse({ lines: [{ job: "tow_truck", fromUah: 1200, radiusKm: SERVICE_RADIUS_MAX_KM }] }).lines[0]
        ?.radiusKm,
    ).toBe(SERVICE_RADIUS_MAX_KM);
  });

  it("asks a tow truck how far it comes, in whole kilometres within the masters' limit", () => {
    for (const radiusKm of [undefined, null, 0, SERVICE_RADIUS_MAX_KM + 1, 12.5, "40"])
      expect(errorsOf({ lines: [{ job: "tow_truck", fromUah: 1200, radiusKm }] }), String(radiusKm)).toEqual({
        "lines.0.radiusKm": "Prices.radiusRequired",
      });
  });

  it("keeps no radius on other jobs: a workshop's oil change does not come to you", () => {
    expect(priceListInput.parse({ lines: [{ job: "oil_change", fromUah: 900, radiusKm: 40 }] }).lines).toEqual([
      { job: "oil_change", label: "", fromUah: 900, radiusKm: null },
    ]);
    expect(priceListInput.parse({ lines: [{ job: "custom", label: "Мийка", fromUah: 300 }] }).lines[0]?.radiusKm).toBe(
      null,
    );
  });

  it("lets a reviewer say the tow truck was what was done", () => {
    const paid = z.object(paidFields).parse({ paidJob: "tow_truck", paidUah: 1500 });
    expect(paid).toEqual({ paidJob: "tow_truck", paidUah: 1500 });
  });
});
