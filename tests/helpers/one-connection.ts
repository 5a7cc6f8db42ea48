import pg from "pg";

/**
 * The embedded database's one rule that PostgreSQL does not have, kept on PostgreSQL so that the
 * integration tests need not all run twice (scripts/test-integration.mjs).
 *
 * PGlite has a single connection: while a transaction holds it, every query outside that
 * transaction waits for it to end. A transaction whose callback awaits a query made on the
 * outer client (`getPrisma()` instead of its `tx`) therefore never ends there — the interactive
 * transaction times out and the write fails — while on PostgreSQL's pool the same code takes a
 * second connection and passes, outside the transaction it meant to be in.
 *
 * Installed for the PostgreSQL run, each pool makes a plain query (`pool.query`, what the Prisma
 * adapter sends outside a transaction) wait while any transaction checked out of it with
 * `pool.connect()` (the adapter's `startTransaction`, lib/db's migrations) is open. Transactions
 * still run side by side and contend for rows as on PostgreSQL; only the outside queries queue,
 * as on PGlite. A wait of over a second is logged with where the query came from, since inside a
 * transaction it is the bug this is here to catch.
 */
type Held = { open: number; waiting: Array<() => void> };

const STATE = new WeakMap<pg.Pool, Held>();
const WARN_AFTER_MS = 1000;

function held(pool: pg.Pool): Held {
  let state = STATE.get(pool);
  if (!state) STATE.set(pool, (state = { open: 0, waiting: [] }));
  return state;
}

export function holdQueriesDuringTransactions(): void {
  const proto = pg.Pool.prototype as pg.Pool & { __oneConnection?: true };
  if (proto.__oneConnection) return;
  proto.__oneConnection = true;
  const connect = proto.connect;
  const query = proto.query;

  proto.connect = function (this: pg.Pool, ...args: unknown[]) {
    // The callback form is pool.query's own checkout (pg-pool), not a transaction.
    if (typeof args[0] === "function") return (connect as (...a: unknown[]) => unknown).apply(this, args);
    const state = held(this);
    return (connect as () => Promise<pg.PoolClient>).call(this).then((client) => {
      state.open++;
      const release = client.release;
      let released = false;
      client.release = function (this: pg.PoolClient, ...releaseArgs: unknown[]) {
        if (!released) {
          released = true;
          state.open--;
          if (state.open === 0) for (const wake of state.waiting.splice(0)) wake();
        }
        return (release as (...a: unknown[]) => void).apply(this, releaseArgs);
      };
      return client;
    });
  } as typeof proto.connect;

  proto.query = function (this: pg.Pool, ...args: unknown[]) {
    const state = held(this);
    const run = () => (query as (...a: unknown[]) => unknown).apply(this, args);
    if (state.open === 0) return run();
    const from = new Error("a query outside the open transaction");
    const warn = setTimeout(() => {
      console.warn(
        `A query outside a transaction waited over ${WARN_AFTER_MS} ms for it to end (on the embedded database, inside that transaction, it would never end):\n${from.stack}`,
      );
    }, WARN_AFTER_MS);
    const waited = new Promise<void>((resolve) => state.waiting.push(resolve)).then(() => {
      clearTimeout(warn);
      return run();
    });
    // pg's callback form (a function last) answers through the callback, not the promise.
    return typeof args.at(-1) === "function" ? undefined : waited;
  } as typeof proto.query;
}
