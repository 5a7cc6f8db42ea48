import { afterAll, beforeAll, vi } from "vitest";
import { createTestDatabase, dropTestDatabase } from "./test-db";

vi.mock("next/headers", async () => {
  const { currentRequest } = await import("./request");
  return {
    cookies: async () => {
      if (!currentRequest.value) throw new Error("cookies() called outside a request: use call() from tests/helpers/request");
      return currentRequest.value.cookies;
    },
    headers: async () => currentRequest.value?.headers ?? new Headers(),
  };
});

beforeAll(async () => {
  await createTestDatabase();
});

afterAll(async () => {
  await dropTestDatabase();
});
