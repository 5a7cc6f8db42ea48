import { describe, expect, it } from "vitest";

import { SAVED_MAX } from "@/features/saved/rules";

import { addSaved, idsOf, listSaved, manyStations, mergeSaved, person, savedRows } from "./api";

/** Two devices of one person writing at the same moment still keep the list under its cap. */
describe("the Saved list under concurrent writes", () => {
  it("two merges and single saves at once never pass the cap, and every row is answered once", async () => {
    const driver = await person();
    const stations = await manyStations(SAVED_MAX + 40);
    const phone = stations.slice(0, 70);
    const laptop = stations.slice(50, 130);
    const answers = await Promise.all([
      mergeSaved(driver, { ids: phone }),
      mergeSaved(driver, { ids: laptop }),
      ...stations.slice(130).map((id) => addSaved(driver, { id })),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const rows = await savedRows(driver.id);
    expect(rows.length).toBeLessThanOrEqual(SAVED_MAX);
    expect(new Set(rows).size).toBe(rows.length);
    const listed = await listSaved(driver);
    expect(idsOf(listed.body)).toEqual(rows);
  });
});
