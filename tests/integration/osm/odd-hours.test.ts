import { beforeAll, expect, it, vi } from "vitest";

import { getPrisma } from "@/lib/db/client";

import { setEnv } from "../../helpers/env";
import { answer, node } from "./helpers";

// A reader that hands back a timetable the opening_hours table cannot hold (Monday twice).
vi.mock("@/features/osm/opening-hours", async (original) => {
  const actual = await original<typeof import("@/features/osm/opening-hours")>();
  return {
    ...actual,
    readOpeningHours: (text: string) =>
      text === "Mo twice"
        ? {
            known: true,
            hours: [
              { weekday: 1, closed: false, opensAt: 540, closesAt: 1080 },
              { weekday: 1, closed: false, opensAt: 600, closesAt: 1000 },
            ],
          }
        : actual.readOpeningHours(text),
  };
});

// Test files share a worker's modules (vitest.config.ts): an import run loaded by an earlier file
// would hold the real reader, so this file loads its own copy, which sees the mock.
let importOverpass: typeof import("@/features/osm/server/run").importOverpass;
beforeAll(async () => {
  vi.resetModules();
  ({ importOverpass } = await import("@/features/osm/server/run"));
});

it("stores a timetable it cannot hold as unknown hours instead of failing the whole run", async () => {
  setEnv({ OSM_GEOCODE_PER_RUN: "0" });
  const result = await importOverpass(answer(node(4001, { opening_hours: "Mo twice" }), node(4002)), {
    trigger: "cli",
    origin: "test",
  });
  expect(result).toMatchObject({ added: 2 });
  const prisma = await getPrisma();
  const place = await prisma.osmPlace.findFirstOrThrow({
    where: { osmId: 4001n },
    include: { service: { include: { openingHours: true } } },
  });
  expect(place.service).toMatchObject({ hoursKnown: false, hoursText: "Mo twice", openingHours: [] });
});
