import { describe, expect, it } from "vitest";

import { movePhoto } from "./photo-order";

describe("movePhoto", () => {
  it("swaps a photo with its neighbour and leaves the ends alone", () => {
    expect(movePhoto(["a", "b", "c"], 1, -1)).toEqual(["b", "a", "c"]);
    expect(movePhoto(["a", "b", "c"], 1, 1)).toEqual(["a", "c", "b"]);
    expect(movePhoto(["a", "b", "c"], 0, -1)).toEqual(["a", "b", "c"]);
    expect(movePhoto(["a", "b", "c"], 2, 1)).toEqual(["a", "b", "c"]);
    expect(movePhoto([], 0, 1)).toEqual([]);
  });
});
