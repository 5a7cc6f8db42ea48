import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";

import { expect, test } from "./fixtures";
import { DEMO, type Users } from "./users";

/**
 * Design §6: the W3C Nu HTML checker finds 0 errors and axe-core 0 violations on the main pages
 * in both languages. The checker reads the server's HTML (what a crawler and a browser without
 * JavaScript get); axe runs in the browser after hydration, on the page people use.
 */

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const javaMissing = spawnSync("java", ["-version"]).error !== undefined;
const PREFIXES = ["", "/ua"];
type Account = "owner" | "mechanic" | "admin";

/** Paths without the language prefix; a reviewed service with an image shows the most markup. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const { items } = (await (await request.get("/api/items?sort=rating.desc")).json()) as {
    items: { _id: string; image: string | null; numReviews: number }[];
  };
  const service = items.find((item) => item.image && item.numReviews > 0);
  expect(service, "a reviewed service with an image in the demo data").toBeTruthy();
  return [
    "/home",
    "/services",
    "/services?filter=sto&sort=rating.desc",
    `/service/${service!._id}`,
    "/stos",
    "/mechanics",
    "/login",
    "/register",
    "/cart",
    "/forgot-password",
    "/no-such-page",
  ];
}

const PRIVATE_PATHS: Record<Account, string[]> = {
  owner: ["/profile", "/addservice", "/placeorder", "/mystos", "/mechanicregister"],
  mechanic: ["/mechanic-profile"],
  admin: ["/admin/users", "/admin/services", "/admin/inbox", "/admin/payments"],
};

/** This page's browser context as the demo data's `account`, which has the most to show. */
async function signInAs(page: Page, users: Users, account: Account) {
  await page.context().clearCookies();
  await users.signIn(DEMO[account], { page });
}

type VnuMessage = { type: string; url: string; lastLine?: number; message: string; extract?: string };

test.describe("HTML validity and accessibility", () => {
  test("the W3C Nu HTML checker finds no errors in the server's HTML", async ({ page, users }) => {
    test.skip(
      javaMissing,
      "java is not installed: the Nu HTML checker (vnu.jar) needs a Java runtime (Debian: apt-get install default-jre-headless)",
    );
    test.setTimeout(180_000);
    const dir = mkdtempSync(path.join(tmpdir(), "maister-vnu-"));
    try {
      const pages: { name: string; html: string }[] = [];
      const save = async (client: APIRequestContext, url: string, expected: number) => {
        const response = await client.get(url, { maxRedirects: 0 });
        expect(response.status(), url).toBe(expected);
        pages.push({
          name: `${url.replace(/[^\w-]+/g, "_").replace(/^_/, "") || "root"}.html`,
          html: await response.text(),
        });
      };
      for (const prefix of PREFIXES) {
        for (const url of await publicPaths(page.request))
          await save(page.request, `${prefix}${url}`, url === "/no-such-page" ? 404 : 200);
      }
      for (const account of Object.keys(PRIVATE_PATHS) as Account[]) {
        await signInAs(page, users, account);
        for (const prefix of PREFIXES) {
          for (const url of PRIVATE_PATHS[account]) await save(page.request, `${prefix}${url}`, 200);
        }
      }
      for (const { name, html } of pages) writeFileSync(path.join(dir, name), html);

      // One JVM for every file: starting it is most of the checker's time.
      const run = spawnSync(
        "java",
        ["-jar", VNU_JAR, "--format", "json", "--errors-only", ...pages.map(({ name }) => path.join(dir, name))],
        {
          encoding: "utf8",
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      expect(run.error, "vnu.jar ran").toBeUndefined();
      const messages = (JSON.parse(run.stderr || "{}") as { messages?: VnuMessage[] }).messages ?? [];
      const errors = messages.filter((message) => message.type === "error" || message.type === "non-document-error");
      // Next writes a page on one line: the extract, not the line, says where an error is.
      const report = errors.map(
        (error) =>
          `${path.basename(decodeURIComponent(error.url))}:${error.lastLine ?? "?"}: ${error.message} [${error.extract?.trim() ?? ""}]`,
      );
      expect(report, `${errors.length} errors in ${pages.length} pages`).toEqual([]);
      expect(pages).toHaveLength(2 * 11 + 2 * 10);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("axe-core finds no violations once the pages have hydrated", async ({ page, users }) => {
    test.setTimeout(300_000);
    const violations: string[] = [];
    const check = async (url: string) => {
      await page.goto(url, { waitUntil: "networkidle" });
      const { violations: found } = await new AxeBuilder({ page }).analyze();
      for (const violation of found) {
        for (const node of violation.nodes)
          violations.push(`${url}: ${violation.id} (${violation.impact}) ${node.target.join(" ")}: ${violation.help}`);
      }
    };
    for (const prefix of PREFIXES) {
      for (const url of await publicPaths(page.request)) await check(`${prefix}${url}`);
    }
    for (const account of Object.keys(PRIVATE_PATHS) as Account[]) {
      await signInAs(page, users, account);
      for (const prefix of PREFIXES) {
        for (const url of PRIVATE_PATHS[account]) await check(`${prefix}${url}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
