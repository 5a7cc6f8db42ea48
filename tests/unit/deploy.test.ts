// deploy/ cannot be built or started here (no Docker engine, and base images cannot be pulled):
// what can be checked without them is checked here. The configuration files themselves run in
// `npm run test:cluster` (nginx -t and the rolling restart through nginx.conf, PgBouncer from
// pgbouncer.ini).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

import { VARIABLES } from "@/lib/env";

import { fillTemplate, placeholdersOf } from "../reliability/templates";

const read = (file: string) => readFileSync(path.join(process.cwd(), file), "utf8");

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  restart?: string;
  stop_grace_period?: string;
  volumes?: string[];
};
const compose = parse(read("deploy/compose.yaml"), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const APP_SERVICES = ["app-a", "app-b", "jobs", "migrate"];
const seconds = (value: string) => Number(/^(\d+)s$/.exec(value)?.[1]);

describe("deploy/compose.yaml", () => {
  it("holds PostgreSQL, PgBouncer, the migrate step, two instances, the job runner and nginx", () => {
    expect(Object.keys(services).sort()).toEqual([
      "app-a",
      "app-b",
      "jobs",
      "migrate",
      "nginx",
      "pgbouncer",
      "postgres",
    ]);
  });

  it("gives every long-running service a health check, and the app's is readiness", () => {
    for (const [name, service] of Object.entries(services)) {
      if (name === "migrate") continue;
      expect(service.healthcheck?.test.join(" "), name).toBeTruthy();
    }
    for (const name of ["app-a", "app-b", "jobs"])
      expect(services[name]!.healthcheck!.test.join(" ")).toContain("/api/readyz");
    expect(existsSync("app/api/readyz/route.ts") && existsSync("app/api/livez/route.ts")).toBe(true);
  });

  it("starts things in order: PostgreSQL, PgBouncer and the migrations before the app, the app before nginx", () => {
    expect(services.pgbouncer!.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: "service_healthy" } });
    expect(services.migrate!.restart).toBe("no");
    for (const name of ["app-a", "app-b", "jobs"])
      expect(services[name]!.depends_on, name).toEqual({
        migrate: { condition: "service_completed_successfully" },
        pgbouncer: { condition: "service_healthy" },
      });
    expect(services.nginx!.depends_on).toEqual({
      "app-a": { condition: "service_healthy" },
      "app-b": { condition: "service_healthy" },
    });
  });

  it("runs the jobs in the job runner only, which nginx does not route to", () => {
    expect(services["app-a"]!.environment!.JOBS).toBe("off");
    expect(services["app-b"]!.environment!.JOBS).toBe("off");
    expect(services.jobs!.environment!.JOBS).toBe("on");
    expect(Object.values(services.nginx!.environment!).join(" ")).not.toContain("jobs");
  });

  it("gives the app only variables lib/env.ts knows, the pooled URL to the app and the direct one for maintenance", () => {
    for (const name of APP_SERVICES) {
      const unknown = Object.keys(services[name]!.environment!).filter((key) => !(key in VARIABLES));
      expect(unknown, name).toEqual([]);
      expect(services[name]!.environment!.DATABASE_URL).toMatch(/@pgbouncer:6432\//);
      expect(services[name]!.environment!.DIRECT_DATABASE_URL).toMatch(/@postgres:5432\//);
      // nginx alone by default; 2 from deploy/.env when a load balancer sits in front of nginx.
      expect(services[name]!.environment!.TRUSTED_PROXY_HOPS).toBe("${TRUSTED_PROXY_HOPS:-1}");
    }
  });

  it("lets a draining instance finish before Docker's SIGKILL", () => {
    for (const name of ["app-a", "app-b", "jobs"]) {
      const grace = seconds(services[name]!.stop_grace_period!) * 1000;
      expect(grace, name).toBeGreaterThan(Number(services[name]!.environment!.SHUTDOWN_TIMEOUT_MS));
    }
  });

  it("fills every placeholder of nginx.conf and pgbouncer.ini from the services' environment", () => {
    const nginx = services.nginx!;
    expect(nginx.volumes).toContain("./nginx.conf:/etc/nginx/templates/default.conf.template:ro");
    expect(placeholdersOf(read("deploy/nginx.conf")).sort()).toEqual(Object.keys(nginx.environment!).sort());
    expect(nginx.environment).toMatchObject({ MAISTER_APP_A: "app-a:3000", MAISTER_APP_B: "app-b:3000" });
    const bouncer = services.pgbouncer!;
    const missing = placeholdersOf(read("deploy/pgbouncer.ini")).filter((name) => !(name in bouncer.environment!));
    expect(missing).toEqual([]);
  });

  it("sets the request id the app trusts, and logs no query string or Referer (mailed tokens travel there)", () => {
    const nginx = read("deploy/nginx.conf");
    expect(nginx).toMatch(/^\s*proxy_set_header X-Request-Id \$request_id;$/m);
    const format = /^log_format maister ([\s\S]*?);$/m.exec(nginx)?.[1] ?? "";
    expect(format).toContain("$uri");
    expect(format).toContain("$request_id");
    for (const leaky of ["$request ", '$request"', "$request_uri", "$args", "$query_string", "$http_referer"])
      expect(format).not.toContain(leaky);
    expect(nginx).toMatch(/^\s*access_log \$\{MAISTER_ACCESS_LOG\} maister;$/m);
  });

  it("builds the targets the Dockerfile has", () => {
    const dockerfile = read("deploy/Dockerfile");
    for (const service of Object.values(services).filter((s) => s.build)) {
      expect(service.build!.dockerfile).toBe("deploy/Dockerfile");
      expect(dockerfile).toMatch(new RegExp(`^FROM \\S+ AS ${service.build!.target}$`, "m"));
    }
  });
});

describe("deploy/Dockerfile", () => {
  const dockerfile = read("deploy/Dockerfile");
  const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));

  it("runs the standalone server as the non-root user, with liveness as its health check", () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
    expect(dockerfile).toContain("RUN npm ci ");
    expect(runtime).toContain("COPY --from=build --chown=node:node /app/.next/standalone ./");
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [^\n]*\\\n[^\n]*\/api\/livez/m);
    expect(runtime).toMatch(/^CMD \["node", "server.js"\]$/m);
    expect(runtime).toContain("HOSTNAME=0.0.0.0");
  });

  it("runs the server on jemalloc, the allocator the soak measures it with", () => {
    expect(runtime).toMatch(/apt-get install -y --no-install-recommends libjemalloc2/);
    expect(runtime).toMatch(/^ENV LD_PRELOAD=\/usr\/local\/lib\/libjemalloc\.so\.2$/m);
    expect(runtime).toContain(
      'ln -s "$(ls /usr/lib/*-linux-gnu/libjemalloc.so.2 | head -n 1)" /usr/local/lib/libjemalloc.so.2',
    );
  });

  it("copies into the dependencies stage every script the client generation imports", () => {
    const deps = dockerfile.slice(dockerfile.indexOf("AS deps"), dockerfile.indexOf("AS build"));
    const copied = [...deps.matchAll(/^COPY (.+) \S+$/gm)].flatMap((line) => line[1]!.split(" "));
    // The script and what it imports, relatively and transitively.
    const needed = new Set(["scripts/db/generate.mjs"]);
    for (const file of needed)
      for (const [, relative] of read(file).matchAll(/^import (?:.* from )?"(\.[^"]+)";$/gm))
        needed.add(path.posix.join(path.posix.dirname(file), relative!));
    expect(needed.size).toBeGreaterThan(1);
    for (const file of needed) expect(copied).toContain(file);
  });

  it("leaves secrets and local data out of the build context", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const entry of ["**/.env", "**/.env.*", ".data", "node_modules", ".next", ".git"])
      expect(ignored).toContain(entry);
  });
});

describe("fillTemplate", () => {
  it("fills ${NAME} placeholders and leaves nginx's own $variables", () => {
    expect(fillTemplate("listen ${PORT}; proxy_set_header Host $host;", { PORT: "80" })).toBe(
      "listen 80; proxy_set_header Host $host;",
    );
  });

  it("refuses a placeholder without a value and a value without a placeholder", () => {
    expect(() => fillTemplate("${A} ${B}", { A: "1" })).toThrow(/missing B/);
    expect(() => fillTemplate("${A}", { A: "1", C: "3" })).toThrow(/unknown C/);
  });
});
