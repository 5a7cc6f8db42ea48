/**
 * What a reliability run (soak, cluster, restore drill) prints as it goes: ▶ steps, ✔ passed and
 * ✖ failed checks. The run fails when `failures` is not empty at its end.
 */
export function createVerdict() {
  const failures: string[] = [];
  const fail = (message: string, detail = "") => {
    failures.push(message);
    console.error(`✖ ${message}${detail ? `: ${detail}` : ""}`);
  };
  const pass = (message: string) => console.log(`✔ ${message}`);
  return {
    failures,
    fail,
    pass,
    log: (message: string) => console.log(`▶ ${message}`),
    check: (ok: boolean, what: string, detail = "") => (ok ? pass(what) : fail(what, detail)),
  };
}
