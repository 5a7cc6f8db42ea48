import { startFakePush } from "./fake-push";

/**
 * The push service stand-in as a process, for the end-to-end server (scripts/e2e-server.mjs):
 * the app's pushes go to its /push/<id> endpoints, and the tests read them and set its answers
 * through /_control/received/<id> and /_control/answer/<id>.
 */
const fake = await startFakePush(Number(process.argv[2] ?? 3195));
console.log(`push service stand-in listening at ${fake.url} (endpoints ${fake.url}/push/<id>)`);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void fake.close().then(() => process.exit(0)));
