import { describe, expect, it } from "vitest";

import { pickMessages } from "@/i18n/pick-messages";

const messages = { title: "Title", hint: "Hint", sort: { asc: "Up", desc: "Down" } };

describe("pickMessages", () => {
  it("keeps the named keys, nested ones inside their group", () => {
    expect(pickMessages(messages, ["title", "sort.desc"])).toEqual({ title: "Title", sort: { desc: "Down" } });
  });

  it("keeps a whole group named by its key, and skips keys the namespace lacks", () => {
    expect(pickMessages(messages, ["sort", "missing", "title.deeper"])).toEqual({ sort: { asc: "Up", desc: "Down" } });
  });

  it("keeps everything when the keys are not a list", () => {
    expect(pickMessages(messages, true)).toBe(messages);
    expect(pickMessages(messages, undefined)).toBe(messages);
  });
});
