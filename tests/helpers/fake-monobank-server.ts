import { startFakeMonobank } from "./fake-monobank";

/**
 * The monobank stand-in as a process, for the end-to-end server (scripts/e2e-server.mjs) and
 * `npm run dev` without a MONO_TOKEN (scripts/dev.mjs). Its webhooks go over HTTP to the
 * webHookUrl each invoice names.
 */
const fake = await startFakeMonobank(Number(process.argv[2] ?? 3198));
console.log(`monobank stand-in listening at ${fake.url} (token ${fake.token}, test page ${fake.url}/pay/<invoiceId>)`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
