import { describe, expect, it } from "vitest";

import { sniffImageType } from "@/features/uploads/image-type";
import { encodePng } from "@/lib/png";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("sniffImageType", () => {
  it("recognises JPEG, PNG, GIF and WebP by their first bytes", () => {
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new Uint8Array(encodePng(1, 1, () => [0, 0, 0])))).toBe("image/png");
    expect(sniffImageType(bytes("GIF89a", [1, 0]))).toBe("image/gif");
    expect(sniffImageType(bytes("GIF87a"))).toBe("image/gif");
    expect(sniffImageType(bytes("RIFF", [0, 0, 0, 0], "WEBPVP8 "))).toBe("image/webp");
  });

  it("refuses everything else, whatever it is called", () => {
    for (const other of [
      bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      bytes("<!doctype html>"),
      bytes("%PDF-1.7"),
      bytes("RIFF", [0, 0, 0, 0], "WAVE"),
      bytes([0xff, 0xd8]),
      new Uint8Array(),
    ]) {
      expect(sniffImageType(other)).toBeNull();
    }
  });
});
