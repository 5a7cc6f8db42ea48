import { afterAll, beforeAll, vi } from "vitest";

import { createTestDatabase, dropTestDatabase } from "./test-db";

vi.mock("next/headers", async () => {
  const { currentRequest } = await import("./request");
  return {
    cookies: async () => {
      if (!currentRequest.value)
        throw new Error("cookies() called outside a request: use call() from tests/helpers/request");
      return currentRequest.value.cookies;
    },
    headers: async () => currentRequest.value?.headers ?? new Headers(),
  };
});

// The tests stand where nginx would: each request's X-Forwarded-For is the one our proxy appended.
process.env.TRUSTED_PROXY_HOPS ??= "1";

beforeAll(async () => {
  await createTestDatabase();
});

afterAll(async () => {
  await dropTestDatabase();
});
