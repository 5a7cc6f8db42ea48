import { startFakePaypal } from "./fake-paypal";

/** The fake PayPal REST API as a process, for the end-to-end server (scripts/e2e-server.mjs). */
const fake = await startFakePaypal(Number(process.argv[2] ?? 3199));
console.log(`fake PayPal API listening at ${fake.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
