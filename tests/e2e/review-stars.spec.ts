import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { createTranslator } from "next-intl";

import { expect, test } from "./fixtures";
import { hydrated } from "./hydration";

/**
 * The review form's three ratings as tap-stars (features/reviews/components/star-input.tsx): a
 * radio group of five per rating, named for screen readers in the page's language, chosen by a tap
 * on a phone and by Tab and the arrow keys on a desktop, with a visible focus ring and 44 px
 * targets, refused by the form's own schema while unrated and sent as the scores chosen.
 */
type Code = "en" | "uk";
type Translate = (key: string, values?: Record<string, string | number>) => string;

const RUNS = [
  { code: "en", prefix: "", width: 1440, height: 900 },
  { code: "en", prefix: "", width: 390, height: 844 },
  { code: "uk", prefix: "/ua", width: 1440, height: 900 },
  { code: "uk", prefix: "/ua", width: 390, height: 844 },
] as const;

function translator(code: Code): Translate {
  const file = path.join(import.meta.dirname, "..", "..", "messages", `${code}.json`);
  const t = createTranslator({ locale: code, messages: JSON.parse(readFileSync(file, "utf8")) as never });
  return (key, values) => (t as unknown as Translate)(key, values);
}

/**
 * A service of the list's first page, a different one per run: fresh accounts rating one service
 * again and again would read as a burst (features/reviews/burst-rule.ts) and hold the other
 * specs' reviews of the first one.
 */
async function openService(page: Page, prefix: string, index: number) {
  await page.goto(`${prefix}/services`);
  const href = await page.locator("main article h2 a, main article h3 a").nth(index).getAttribute("href");
  await page.goto(href!);
}

for (const [index, run] of RUNS.entries()) {
  const t = translator(run.code);
  const phone = run.width < 500;
  const group = (form: Locator, aspect: "quality" | "speed" | "price") =>
    form.getByRole("radiogroup", { name: t(`Review.${aspect}`), exact: true });
  const starName = (score: number) => t("Review.starsName", { word: t(`Review.score${score}`), count: score });

  test.describe(`${run.code}, ${run.width} px`, () => {
    test.use({ viewport: { width: run.width, height: run.height }, hasTouch: phone });

    test("rates with tap-stars: named radios, 44 px targets, arrows or taps, refused unrated, sent as chosen", async ({
      page,
      users,
    }) => {
      await users.create("user", {
        name: `Star Rater ${run.code} ${run.width}`,
        page,
        locale: run.code === "uk" ? "ua" : "en",
      });
      await openService(page, run.prefix, 6 + index);
      const form = page.getByRole("form", { name: t("Review.title") });
      await hydrated(form);

      await test.step("each rating is a group of five stars named in the page's language", async () => {
        for (const aspect of ["quality", "speed", "price"] as const) {
          const radios = group(form, aspect).getByRole("radio");
          await expect(radios).toHaveCount(5);
          for (let score = 1; score <= 5; score++)
            await expect(group(form, aspect).getByRole("radio", { name: starName(score), exact: true })).toHaveCount(1);
          await expect(group(form, aspect).getByText(t("Review.unrated"))).toBeVisible();
        }
      });

      await test.step("every star is a target of at least 44 × 44 px inside the screen", async () => {
        const stars = form.getByRole("radiogroup").locator("label");
        await expect(stars).toHaveCount(15);
        for (const star of await stars.all()) {
          const box = (await star.boundingBox())!;
          expect(box.width).toBeGreaterThanOrEqual(44);
          expect(box.height).toBeGreaterThanOrEqual(44);
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(run.width);
        }
      });

      await test.step("sending unrated is refused by the form, next to the stars", async () => {
        await form.getByRole("button", { name: t("Review.submit") }).click();
        await expect(page.locator("#review-quality-error")).toBeVisible();
        await expect(group(form, "quality")).toHaveAttribute("aria-invalid", "true");
        await expect(group(form, "quality")).toHaveAttribute("aria-describedby", "review-quality-error");
      });

      await test.step(
        phone ? "a tap chooses a star" : "Tab and the arrow keys choose a star, with a ring",
        async () => {
          const quality = group(form, "quality");
          if (phone) {
            for (const [aspect, score] of [
              ["quality", 4],
              ["speed", 5],
              ["price", 3],
            ] as const)
              await group(form, aspect)
                .getByRole("radio", { name: starName(score), exact: true })
                .locator("xpath=..")
                .tap();
          } else {
            // On the first star, then along the group: arrows move and choose at once.
            await quality.getByRole("radio", { name: starName(1), exact: true }).focus();
            await page.keyboard.press("Space");
            await page.keyboard.press("ArrowRight");
            await page.keyboard.press("ArrowRight");
            await page.keyboard.press("ArrowRight");
            await page.keyboard.press("ArrowLeft");
            await page.keyboard.press("ArrowRight");
            const four = quality.getByRole("radio", { name: starName(4), exact: true });
            await expect(four).toBeFocused();
            // The focus ring is drawn on the star's label around the hidden radio.
            const ring = await four.locator("xpath=..").evaluate((label) => getComputedStyle(label).boxShadow);
            expect(ring).not.toBe("none");
            // Tab leaves the group in one press (one stop per group), to the next rating's first star.
            await page.keyboard.press("Tab");
            await expect(group(form, "speed").getByRole("radio", { name: starName(1), exact: true })).toBeFocused();
            for (let n = 0; n < 4; n++) await page.keyboard.press("ArrowRight");
            await expect(group(form, "speed").getByRole("radio", { name: starName(5), exact: true })).toBeChecked();
            await page.keyboard.press("Tab");
            await page.keyboard.press("ArrowRight");
            await page.keyboard.press("ArrowRight");
          }
          await expect(quality.getByRole("radio", { name: starName(4), exact: true })).toBeChecked();
          await expect(group(form, "speed").getByRole("radio", { name: starName(5), exact: true })).toBeChecked();
          await expect(group(form, "price").getByRole("radio", { name: starName(3), exact: true })).toBeChecked();
          // The stars fill up to the choice, and its word shows beside them.
          await expect(quality.locator("svg[data-filled]")).toHaveCount(4);
          await expect(quality.getByText(t("Review.score4"), { exact: true })).toBeVisible();
          await expect(page.locator("#review-quality-error")).toHaveCount(0);
        },
      );

      await test.step("the review is sent with the scores chosen", async () => {
        const comment = `Stars ${run.code} ${run.width} ${Date.now()}`;
        await form.getByLabel(t("Review.comment")).fill(comment);
        const sent = page.waitForRequest((request) => request.method() === "POST" && /\/reviews$/.test(request.url()));
        await form.getByRole("button", { name: t("Review.submit") }).click();
        expect((await sent).postDataJSON()).toMatchObject({ rating: { quality: 4, speed: 5, price: 3 }, comment });
        await expect(page.getByText(t("Review.submitted"))).toBeVisible();
        await expect(page.getByRole("listitem").filter({ hasText: comment })).toBeVisible();
      });
    });
  });
}
