import { describe, expect, it } from "vitest";

import { jobFigures } from "@/features/requests/server/job-figures";
import { announceCatalogChange } from "@/lib/cache/read-cache";
import { getPrisma } from "@/lib/db/client";

import { makeService, makeUser } from "../../helpers/factories";
import { makeAcceptedRequest } from "./job-fixtures";

/** A service page's record of jobs through the site: jobs confirmed done, its own lapses of 90 days. */
const DAY_MS = 86_400_000;

describe("job figures", () => {
  it("counts confirmed jobs only, and the service's own late cancellations and no-shows of the last 90 days", async () => {
    const prisma = await getPrisma();
    const owner = await makeUser();
    const service = await makeService({ ownerId: owner.id });
    const other = await makeService({ ownerId: owner.id });
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    expect(await jobFigures(service.id, now)).toEqual({ done: 0, lateCancels: 0, noShows: 0 });

    const job = async (
      serviceId: string,
      data: { jobStatus?: "done" | "confirmed" | "disputed" },
      booking?: { status: "cancelled" | "no_show"; endedBy: "driver" | "service"; lateCancel?: boolean; endedAt: Date },
    ) => {
      const driver = await makeUser();
      const { request } = await makeAcceptedRequest(driver.id, serviceId);
      await prisma.quoteRequest.update({ where: { id: request.id }, data });
      if (booking)
        await prisma.quoteBooking.create({
          data: { requestId: request.id, serviceId, start: booking.endedAt, minutes: 60, ...booking },
        });
    };
    await job(service.id, { jobStatus: "confirmed" });
    await job(service.id, { jobStatus: "confirmed" });
    // Not (yet) confirmed, or another service's: not counted.
    await job(service.id, { jobStatus: "done" });
    await job(service.id, { jobStatus: "disputed" });
    await job(other.id, { jobStatus: "confirmed" });
    // The service cancelled late, lately; once long ago; the driver cancelled late: only the first counts.
    await job(service.id, {}, { status: "cancelled", endedBy: "service", lateCancel: true, endedAt: ago(10) });
    await job(service.id, {}, { status: "cancelled", endedBy: "service", lateCancel: true, endedAt: ago(91) });
    await job(service.id, {}, { status: "cancelled", endedBy: "driver", lateCancel: true, endedAt: ago(5) });
    await job(service.id, {}, { status: "cancelled", endedBy: "service", lateCancel: false, endedAt: ago(5) });
    // The driver marked the service as not there (counted); the service marked the driver (not).
    await job(service.id, {}, { status: "no_show", endedBy: "driver", endedAt: ago(3) });
    await job(service.id, {}, { status: "no_show", endedBy: "service", endedAt: ago(3) });

    // Kept with the page until a write announces a change, as confirming, cancelling late and a
    // no-show do (these rows were written directly).
    expect(await jobFigures(service.id, now)).toEqual({ done: 0, lateCancels: 0, noShows: 0 });
    await announceCatalogChange();
    expect(await jobFigures(service.id, now)).toEqual({ done: 2, lateCancels: 1, noShows: 1 });
    expect(await jobFigures(other.id, now)).toEqual({ done: 1, lateCancels: 0, noShows: 0 });
  });
});
