import { describe, expect, it } from "vitest";

import { COLUMN_FIELDS, SERVICE_FIELDS, serviceInput, STORED_APART } from "@/features/listings/schema";
import { EMPTY_SERVICE, ERROR_ORDER, FORM_FIELDS } from "@/features/listings/service-form";
import { Prisma } from "@/lib/generated/prisma/browser";

// A field added to the schema must reach the database and the form: this fails until both handle it.
describe("a service's fields, one list for the schema, the data layer and the form", () => {
  const schemaFields = Object.keys(serviceInput.shape);

  it("is the schema's own keys, in its order", () => {
    expect(SERVICE_FIELDS).toEqual(schemaFields);
  });

  it("stores every field: a column of its name, or one of the fields the data layer stores apart", () => {
    const columns = Object.keys(Prisma.ServiceScalarFieldEnum);
    for (const field of schemaFields) {
      const stored = columns.includes(field) || (STORED_APART as readonly string[]).includes(field);
      expect(stored, `${field}: no Service column of that name, and not stored apart`).toBe(true);
    }
    expect([...COLUMN_FIELDS, ...STORED_APART].sort()).toEqual([...schemaFields].sort());
  });

  it("edits every field but the cover, which the form sends as the first of the photos", () => {
    expect(Object.keys(EMPTY_SERVICE).sort()).toEqual(schemaFields.filter((field) => field !== "image").sort());
    expect(FORM_FIELDS).toEqual(schemaFields.filter((field) => field !== "image"));
    expect(ERROR_ORDER).toEqual(FORM_FIELDS);
  });
});
