import { describe, expect, it } from "vitest";

import { isDatabaseUnavailable, isUnstorableText } from "@/lib/db/unavailable";

/** Shapes taken from Prisma 7 with @prisma/adapter-pg against a stopped or restarting PostgreSQL 15. */
const prismaError = (code: string, cause: Record<string, unknown>) =>
  Object.assign(new Error("Invalid `prisma.service.count()` invocation"), {
    name: "PrismaClientKnownRequestError",
    code,
    meta: { driverAdapterError: { name: "DriverAdapterError", cause } },
  });
const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect", errno: -111 });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["server not listening", prismaError("P1001", { kind: "DatabaseNotReachable", host: "127.0.0.1", port: 5432 })],
    [
      "raw query on a connection the server terminated",
      prismaError("P2010", {
        kind: "postgres",
        originalCode: "57P01",
        code: "57P01",
        message: "terminating connection due to administrator command",
      }),
    ],
    [
      "server starting up",
      prismaError("P2010", { kind: "postgres", code: "57P03", message: "the database system is starting up" }),
    ],
    ["too many connections", prismaError("P2037", { kind: "TooManyConnections" })],
    ["pool timeout", Object.assign(new Error("Timed out fetching a new connection"), { code: "P2024" })],
    ["socket reset, passed through by the adapter", socketError("ECONNRESET")],
    ["connection refused inside a cause", new Error("query failed", { cause: socketError("ECONNREFUSED") })],
    ["node-postgres: connection terminated", new Error("Connection terminated unexpectedly")],
    ["node-postgres: connect timeout", new Error("timeout exceeded when trying to connect")],
    [
      "the app could not open the database",
      Object.assign(new Error("Cannot reach PostgreSQL"), { name: "DatabaseUnavailableError" }),
    ],
    ["one of several errors", new AggregateError([new Error("x"), socketError("ECONNREFUSED")])],
  ])("%s → unavailable", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["unique violation", prismaError("P2002", { kind: "UniqueConstraintViolation", originalCode: "23505" })],
    ["missing table", prismaError("P2021", { kind: "TableDoesNotExist", originalCode: "42P01" })],
    [
      "statement cancelled by a timeout",
      prismaError("P2010", {
        kind: "postgres",
        code: "57014",
        message: "canceling statement due to statement timeout",
      }),
    ],
    ["a bug", new TypeError("Cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED"],
    ["nothing", undefined],
  ])("%s → not unavailable", (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it("stops on a cause cycle", () => {
    const first = new Error("first");
    const second = new Error("second", { cause: first });
    Object.assign(first, { cause: second });
    expect(isDatabaseUnavailable(first)).toBe(false);
  });
});

describe("isUnstorableText", () => {
  it("is PostgreSQL refusing a NUL or a character outside the encoding, wherever it sits in the chain", () => {
    expect(
      isUnstorableText(
        prismaError("P2010", {
          kind: "postgres",
          code: "22021",
          message: 'invalid byte sequence for encoding "UTF8": 0x00',
        }),
      ),
    ).toBe(true);
    expect(
      isUnstorableText(
        new Error("wrapped", { cause: prismaError("P2010", { kind: "postgres", originalCode: "22P05" }) }),
      ),
    ).toBe(true);
    expect(isUnstorableText(prismaError("P2002", { kind: "UniqueConstraintViolation", originalCode: "23505" }))).toBe(
      false,
    );
    expect(isUnstorableText(prismaError("P1001", { kind: "DatabaseNotReachable" }))).toBe(false);
  });
});
