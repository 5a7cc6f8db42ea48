import { beforeAll, describe, expect, it } from "vitest";

import { GET as getItem } from "@/app/api/items/[id]/route";
import { PUT as updateOwn } from "@/app/api/items/users/[id]/route";
import { DEFAULT_TIMETABLE } from "@/domain/service/week";
import { remindStaleHours } from "@/features/hours/server/hours-freshness";
import { catalogChanged } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { makeImportedPlace } from "../../helpers/osm-places";
import { apiRequest, call, makeRequest, params } from "../../helpers/request";
import { signIn } from "../../helpers/sign-in";

const DAY_MS = 86_400_000;

let placeId = "";
let ownerEmail = "";
let stationId = "";

beforeAll(async () => {
  placeId = (await makeImportedPlace({ name: "Шиномонтаж Старі Години" })).id;
  const owner = await makeUser();
  ownerEmail = owner.email;
  stationId = (await makeService({ name: "Reminded Station", ownerId: owner.id })).id;
});

describe("hours of a place nobody has claimed", () => {
  it("are never the subject of a reminder: there is nobody to remind, and the owners' reminders still go", async () => {
    const prisma = await getPrisma();
    const now = new Date();
    // The unclaimed place's hours are the oldest, so a batch of one would pick it first if it could.
    await prisma.service.update({
      where: { id: placeId },
      data: { hoursConfirmedAt: new Date(now.getTime() - 90 * DAY_MS) },
    });
    await prisma.service.update({
      where: { id: stationId },
      data: { hoursConfirmedAt: new Date(now.getTime() - 60 * DAY_MS) },
    });
    expect(await remindStaleHours(now, 1)).toBe(1);
    expect(await prisma.mailOutbox.count({ where: { kind: "hoursReminder" } })).toBe(1);
    expect(await prisma.mailOutbox.count({ where: { kind: "hoursReminder", to: ownerEmail } })).toBe(1);
    expect((await prisma.service.findUniqueOrThrow({ where: { id: placeId } })).hoursRemindedAt).toBeNull();
    expect(await remindStaleHours(now, 50)).toBe(0);
  });

  it("become known once a claimant who owns it saves a timetable", async () => {
    const prisma = await getPrisma();
    const claimant = await makeUser();
    // As a completed claim leaves it (features/claims): owner and claimed set together.
    await prisma.service.update({
      where: { id: placeId },
      data: { ownerId: claimant.id, claimed: true, claimedAt: new Date(), isPaid: true },
    });
    catalogChanged();
    const cookie = await signIn(claimant.email);
    const saved = await call(
      updateOwn,
      apiRequest("PUT", `/api/items/users/${placeId}`, { body: { timetable: DEFAULT_TIMETABLE }, cookie }),
      params({ id: placeId }),
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ hoursKnown: true, claimed: true });
    const detail = await (await getItem(makeRequest(`/api/items/${placeId}`), params({ id: placeId }))).json();
    expect(detail).toMatchObject({ hoursKnown: true, claimed: true, source: "osm" });
    expect(detail.timetable.monday).toEqual(DEFAULT_TIMETABLE.monday);
  });
});
