import { afterAll, beforeAll, vi } from "vitest";

import { restoreEnv } from "./env";
import { holdQueriesDuringTransactions } from "./one-connection";
import { installAnswerChecks } from "./openapi-check";
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

// Every answer a test receives from a route handler is checked against the OpenAPI document.
installAnswerChecks();

// On PostgreSQL, the embedded database's one connection: a query outside an open transaction waits for it.
if (process.env.TEST_POSTGRES_URL) holdQueriesDuringTransactions();

// What the last test file in this worker set is undone before this one starts.
restoreEnv();

// The tests stand where nginx would: each request's X-Forwarded-For is the one our proxy appended.
process.env.TRUSTED_PROXY_HOPS ??= "1";

beforeAll(async () => {
  await createTestDatabase();
});

afterAll(async () => {
  await dropTestDatabase();
  // Nor does a spy, a stubbed global or a fake clock outlive its file.
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
