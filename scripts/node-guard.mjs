// Imported first by the scripts a person may start with a plain `node` (or tsx) rather than through
// npm: on a Node.js older than the project's, one clear message and exit code 1 instead of whatever
// breaks first. First, because ESM evaluates a module's imports in order before its body.
import { nodeRuntimeProblem } from "./node-runtime.mjs";

const problem = nodeRuntimeProblem();
if (problem) {
  console.error(problem);
  process.exit(1);
}
