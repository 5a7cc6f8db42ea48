import { describe, expect, it } from "vitest";

import { parseVariant, SLOT_WIDTHS, srcSet } from "@/features/uploads/image-sizes";

describe("image sizes", () => {
  it("lists every stored width in a srcset", () => {
    expect(srcSet("/api/uploads/abc", "webp")).toBe(
      "/api/uploads/abc?w=160&f=webp 160w, /api/uploads/abc?w=480&f=webp 480w, /api/uploads/abc?w=1200&f=webp 1200w",
    );
  });

  it("lists for a slot only the widths its size can use", () => {
    // A photo slot is never narrower than ~300 CSS px, so a browser never picks 160 for it; a 56 px icon never needs 480.
    expect(srcSet("/u", "webp", SLOT_WIDTHS.photo)).toBe("/u?w=480&f=webp 480w, /u?w=1200&f=webp 1200w");
    expect(srcSet("/u", "webp", SLOT_WIDTHS.thumbnail)).toBe("/u?w=160&f=webp 160w, /u?w=480&f=webp 480w");
    expect(srcSet("/u", "webp", SLOT_WIDTHS.icon)).toBe("/u?w=160&f=webp 160w");
  });

  it("accepts only stored widths and known formats", () => {
    expect(parseVariant("480", "webp")).toEqual({ width: 480, format: "webp" });
    expect(parseVariant("1200", "jpeg")).toEqual({ width: 1200, format: "jpeg" });
    const refused: [string | null, string | null][] = [
      ["481", "webp"],
      ["480", "png"],
      [null, "webp"],
      ["480", null],
      ["4.8e2", "webp"],
      ["-480", "jpeg"],
    ];
    for (const [w, f] of refused) expect(parseVariant(w, f)).toBeNull();
  });
});
