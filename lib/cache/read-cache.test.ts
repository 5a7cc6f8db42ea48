import { afterEach, describe, expect, it, vi } from "vitest";

import { catalogChanged, changingCatalog, minuteOf, rememberPartOfRead, rememberRead } from "@/lib/cache/read-cache";
import { readCatalogVersion } from "@/lib/cache/version";
import { loadEnv } from "@/lib/env";

// The catalogue version other instances bump lives in the database; here a counter stands in for it.
const database = vi.hoisted(() => ({ version: 1n, away: false }));
vi.mock("@/lib/cache/version", () => ({
  readCatalogVersion: vi.fn(async () => {
    if (database.away) throw new Error("database away");
    return database.version;
  }),
  bumpCatalogVersion: vi.fn(async () => {
    if (database.away) throw new Error("database away");
    return ++database.version;
  }),
}));

afterEach(() => {
  database.away = false;
  vi.clearAllMocks();
  catalogChanged();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  loadEnv();
});

describe("read cache", () => {
  it("answers the same question from one load until the keeping time ends", async () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => ({ items: [1] }));
    const [first, second] = await Promise.all([rememberRead("q", load), rememberRead("q", load)]);
    expect(first).toBe(second);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(9_999);
    await rememberRead("q", load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await rememberRead("q", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("never keeps a failure", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("database away")).mockResolvedValueOnce("back");
    await expect(rememberRead("q", load)).rejects.toThrow("database away");
    await expect(rememberRead("q", load)).resolves.toBe("back");
  });

  it("a write drops every kept answer, also when it fails", async () => {
    const load = vi.fn(async () => "answer");
    await rememberRead("q", load);
    await changingCatalog(async () => "written");
    await rememberRead("q", load);
    expect(load).toHaveBeenCalledTimes(2);
    await expect(changingCatalog(() => Promise.reject(new Error("commit unknown")))).rejects.toThrow("commit unknown");
    await rememberRead("q", load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("keeps an answer only when keepIf says it is worth keeping, for as long as asked", async () => {
    vi.useFakeTimers();
    const small = vi.fn(async () => 12);
    await rememberRead("small", small, { keepIf: (total) => total >= 1000 });
    await rememberRead("small", small, { keepIf: (total) => total >= 1000 });
    expect(small).toHaveBeenCalledTimes(2);
    const large = vi.fn(async () => 50_000);
    await rememberRead("large", large, { keepMs: 30_000, keepIf: (total) => total >= 1000 });
    vi.advanceTimersByTime(29_999);
    await rememberRead("large", large, { keepMs: 30_000, keepIf: (total) => total >= 1000 });
    expect(large).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await rememberRead("large", large, { keepMs: 30_000, keepIf: (total) => total >= 1000 });
    expect(large).toHaveBeenCalledTimes(2);
  });

  it("a part of an answer (a list's total) is kept in the same memory and dropped with it when the version moves", async () => {
    const count = vi.fn(async () => 50_000);
    const list = (page: number) =>
      rememberRead(`list:${page}`, async () => ({ page, total: await rememberPartOfRead("count", count) }));
    await list(1);
    await list(2);
    expect(count).toHaveBeenCalledTimes(1);
    expect(vi.mocked(readCatalogVersion)).toHaveBeenCalledTimes(2);
    database.version += 1n;
    await list(3);
    expect(count).toHaveBeenCalledTimes(2);
    await changingCatalog(async () => "written");
    await list(4);
    expect(count).toHaveBeenCalledTimes(3);
  });

  it("an answer loading while a write completes is not served after the write", async () => {
    let finish: (value: string) => void = () => undefined;
    const slow = rememberRead("q", () => new Promise<string>((resolve) => (finish = resolve)));
    await changingCatalog(async () => "written");
    finish("before the write");
    await slow;
    await expect(rememberRead("q", async () => "after the write")).resolves.toBe("after the write");
  });

  it("a write acknowledged by another instance (the version moved) is never answered from memory", async () => {
    const load = vi.fn(async () => "answer");
    await rememberRead("q", load);
    await rememberRead("q", load);
    expect(load).toHaveBeenCalledTimes(1);
    database.version += 1n;
    await rememberRead("q", load);
    expect(load).toHaveBeenCalledTimes(2);
    await rememberRead("q", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a version read before another request's bump does not roll the memory back", async () => {
    const load = vi.fn(async () => "answer");
    await rememberRead("q", load);
    const stale = database.version;
    await changingCatalog(async () => "written");
    vi.mocked(readCatalogVersion).mockResolvedValueOnce(stale);
    await rememberRead("q", load);
    await rememberRead("q", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("serves kept answers while the version cannot be read, and still drops them on its own writes", async () => {
    const load = vi.fn(async () => "answer");
    await rememberRead("q", load);
    database.away = true;
    await expect(rememberRead("q", load)).resolves.toBe("answer");
    expect(load).toHaveBeenCalledTimes(1);
    await changingCatalog(async () => "written");
    await rememberRead("q", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("a part every answer shares outlives a flood of one-off questions (the least recently used goes first)", async () => {
    const count = vi.fn(async () => 50_000);
    for (let question = 0; question < 3000; question++) {
      await rememberRead(`list:${question}`, async () =>
        rememberPartOfRead("count", count, { keepMs: 30_000, keepIf: (total) => total >= 1000 }),
      );
    }
    expect(count).toHaveBeenCalledTimes(1);
  });

  it("large answers take at most their share of places, the least recently used of their kind going first", async () => {
    const small = vi.fn(async () => "small");
    await rememberRead("list:a", small);
    const page = (name: string) => vi.fn(async () => `page ${name}`);
    const first = page("1");
    await rememberRead("page:1", first, { maxOfKind: 2 });
    await rememberRead("page:2", page("2"), { maxOfKind: 2 });
    await rememberRead("page:1", first, { maxOfKind: 2 });
    await rememberRead("page:3", page("3"), { maxOfKind: 2 });
    const second = page("2 again");
    await rememberRead("page:2", second, { maxOfKind: 2 });
    await rememberRead("page:1", first, { maxOfKind: 2 });
    await rememberRead("list:a", small);
    // page:2 was the least recently used page when page:3 came; page:1 was the one when page:2 came back.
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledTimes(2);
    expect(small).toHaveBeenCalledTimes(1);
  });

  it("READ_CACHE=off loads every time, except what is kept even then", async () => {
    vi.stubEnv("READ_CACHE", "off");
    loadEnv();
    const load = vi.fn(async () => "answer");
    await rememberRead("q", load);
    await rememberRead("q", load);
    await rememberPartOfRead("q", load);
    expect(load).toHaveBeenCalledTimes(3);
    await rememberPartOfRead("q", load, { evenWhenOff: true });
    await rememberPartOfRead("q", load, { evenWhenOff: true });
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("counts instants by the minute", () => {
    expect(minuteOf(new Date("2026-11-23T10:15:00.000Z"))).toBe(minuteOf(new Date("2026-11-23T10:15:59.999Z")));
    expect(minuteOf(new Date("2026-11-23T10:16:00.000Z"))).toBe(minuteOf(new Date("2026-11-23T10:15:00.000Z")) + 1);
  });
});
