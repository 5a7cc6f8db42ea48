import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { CATEGORIES } from "@/domain/service/fields";
import { bannerSvg } from "@/features/catalog/illustrations/banner";
import {
  CATEGORY_VEHICLE,
  demoScenes,
  SCENE_PIXELS,
  sceneSvg,
  type SceneKind,
} from "@/features/catalog/illustrations/scenes";
import { VEHICLE_KINDS } from "@/features/catalog/illustrations/vehicles";

describe("demo illustrations", () => {
  it("show a vehicle for every category, and every vehicle is shown by some category or scene", () => {
    for (const category of CATEGORIES) expect(VEHICLE_KINDS).toContain(CATEGORY_VEHICLE[category]);
    expect(new Set([...Object.values(CATEGORY_VEHICLE), "van"])).toEqual(new Set(VEHICLE_KINDS));
  });

  it("are the same for the same service, up to six, the cover first", () => {
    expect(demoScenes(7, "cars", false, 6)).toEqual(demoScenes(7, "cars", false, 6));
    expect(demoScenes(7, "cars", false, 6)).toHaveLength(6);
    expect(demoScenes(7, "cars", false, 1)).toEqual(demoScenes(7, "cars", false, 6).slice(0, 1));
    expect(demoScenes(3, "trucks", false, 1)[0]).toMatchObject({ scene: "bay", vehicle: "truck" });
    expect(demoScenes(3, "cars", true, 1)[0]).toMatchObject({ scene: "roadside" });
    expect(demoScenes(3, "watertransport", true, 1)[0]).toMatchObject({ scene: "bay", vehicle: "boat" });
  });

  it("differ between neighbouring services, and within one gallery", () => {
    for (let index = 0; index < 60; index++) {
      expect(sceneSvg(demoScenes(index, "cars", false, 1)[0]!)).not.toBe(
        sceneSvg(demoScenes(index + 1, "cars", false, 1)[0]!),
      );
      const gallery = demoScenes(index, "cars", index % 2 === 0, 6).map(sceneSvg);
      expect(new Set(gallery).size).toBe(6);
    }
  });

  it("are plain SVG that sharp renders at the card's 4:3", async () => {
    for (const scene of ["bay", "exterior", "tools", "roadside"] as SceneKind[]) {
      for (const vehicle of VEHICLE_KINDS) {
        const svg = sceneSvg({ scene, vehicle, palette: 3, color: 2, variant: 1 });
        expect(svg).not.toMatch(/<script|on\w+=|href=/i);
        expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({
          format: "svg",
          width: SCENE_PIXELS.width,
          height: SCENE_PIXELS.height,
        });
      }
    }
  });

  it("include a wide banner that renders too", async () => {
    const svg = bannerSvg();
    expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    const { width, height } = await sharp(Buffer.from(svg)).metadata();
    expect(width! / height!).toBe(3);
  });
});
