import { describe, expect, it } from "vitest";

import { databaseOutageActive, noteDatabaseUnavailable } from "@/lib/db/outage";
import { answerOutage, outagePage } from "@/lib/proxy/outage-page";

describe("database outage window", () => {
  it("opens when an outage is noted and closes by itself, so the next request probes again", () => {
    const start = 1_000_000;
    noteDatabaseUnavailable(start);
    expect(databaseOutageActive(start + 1)).toBe(true);
    expect(databaseOutageActive(start + 2999)).toBe(true);
    expect(databaseOutageActive(start + 3000)).toBe(false);
  });
});

describe("outage page", () => {
  it("is translated, not indexed, reloads itself and echoes nothing from the request", () => {
    const english = outagePage("en");
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("<h1>Back in a moment</h1>");
    expect(english).toContain("<title>Back in a moment · Maister</title>");
    expect(english).toContain('<meta name="robots" content="noindex">');
    expect(english).toContain('<meta http-equiv="refresh" content="5">');
    expect(english).toContain('<a href="">Try again now</a>');
    expect(english).not.toContain("<script");
    const ukrainian = outagePage("uk");
    expect(ukrainian).toContain('<html lang="uk">');
    expect(ukrainian).toContain("<title>Повернемося за мить · Майстер</title>");
    expect(ukrainian).toContain("Майстер ненадовго недоступний, поки відновлює з’єднання.");
  });
});

describe("answerOutage", () => {
  it("answers 503 with the notice in the page's language while the outage window is open, and hands on otherwise", async () => {
    const context = { locale: "uk", path: "/services", requestId: "request-0123456789" } as const;
    (globalThis as { __maisterDatabaseOutageUntil?: number }).__maisterDatabaseOutageUntil = 0;
    expect(answerOutage(null, context)).toBeUndefined();
    noteDatabaseUnavailable();
    const answer = answerOutage(null, context)!;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("5");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.text()).toBe(outagePage("uk"));
    (globalThis as { __maisterDatabaseOutageUntil?: number }).__maisterDatabaseOutageUntil = 0;
  });
});
