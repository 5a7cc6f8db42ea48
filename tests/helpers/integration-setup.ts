import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, dropTestDatabase } from "./test-db";

beforeAll(async () => {
  await createTestDatabase();
});

afterAll(async () => {
  await dropTestDatabase();
});
