import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";

import { encodePng } from "@/lib/png";

describe("encodePng", () => {
  it("writes a PNG signature, a 3x2 RGB header and the pixel rows", () => {
    const png = encodePng(3, 2, (x, y) => [x * 10, y * 20, 255]);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.toString("ascii", 12, 16)).toBe("IHDR");
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png.readUInt32BE(20)).toBe(2);
    expect(png[24]).toBe(8);
    expect(png[25]).toBe(2);
    const idatLength = png.readUInt32BE(33);
    expect(png.toString("ascii", 37, 41)).toBe("IDAT");
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...raw]).toEqual([0, 0, 0, 255, 10, 0, 255, 20, 0, 255, 0, 0, 20, 255, 10, 20, 255, 20, 20, 255]);
    expect(png.toString("ascii", png.length - 8, png.length - 4)).toBe("IEND");
  });
});
