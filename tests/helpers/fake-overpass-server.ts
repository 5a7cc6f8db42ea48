import { createServer } from "node:http";

import demo from "@/features/osm/demo-overpass.json";

/**
 * A stand-in Overpass API for the end-to-end server (scripts/e2e-server.mjs): whatever it is
 * asked, it answers with the first four elements of the demo answer the seed imported, the sliver
 * a busy Overpass sometimes sends. An import from it must be refused and hide nothing.
 */
const port = Number(process.argv[2] ?? 3197);
const sliver = JSON.stringify({ ...demo, elements: demo.elements.slice(0, 4) });
const server = createServer((request, response) => {
  request.resume();
  request.on("end", () => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(sliver);
  });
});
server.listen(port, "127.0.0.1", () => console.log(`fake Overpass API listening at http://127.0.0.1:${port}`));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
