import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";

import { expect, test } from "./fixtures";

/** A small PNG of one colour, so that two uploads are told apart by their address only. */
async function photo(name: string, background: string) {
  return {
    name,
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 320, height: 240, channels: 3, background } })
      .png()
      .toBuffer(),
  };
}

async function fillMaster(page: Page, name: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Contact mail").fill("master@example.com");
  await page.getByLabel("Latitude").fill("50.4501");
  await page.getByLabel("Longitude").fill("30.5234");
  await page.getByRole("button", { name: "Find the address" }).click();
  await expect(page.getByLabel("Address")).not.toHaveValue("");
  await page.getByLabel("Address").fill("вул. Хрещатик, 22, Київ");
}

const srcOf = (image: Locator) => image.getAttribute("src");

test.describe("photos", () => {
  test("an owner uploads two photos, puts the second first with the keyboard, and the service page's gallery follows that order", async ({
    page,
    users,
  }) => {
    await users.create("user", { name: "Gallery Master", page });
    const name = `Фото Майстер ${Date.now()}`;
    const [first, second] = await test.step("upload two photos and put the second first, by keyboard", async () => {
      await page.goto("/mechanicregister");
      await fillMaster(page, name);
      await page
        .getByLabel("Add photos")
        .setInputFiles([await photo("front.png", "#1d4ed8"), await photo("bay.png", "#f59e0b")]);
      await expect(page.getByRole("img", { name: "Photo 2" })).toBeVisible();
      const uploaded = [
        await srcOf(page.getByRole("img", { name: "Photo 1" })),
        await srcOf(page.getByRole("img", { name: "Photo 2" })),
      ] as const;
      expect(uploaded[0]).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
      expect(uploaded[1]).not.toBe(uploaded[0]);

      // Keyboard only: the moved photo keeps the focus (its "earlier" button is disabled now, so "later" has it).
      await page.getByRole("button", { name: "Move photo 2 earlier" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: "Move photo 1 later" })).toBeFocused();
      await expect(page.getByRole("status").filter({ hasText: "Photo moved to position 1 of 2." })).toBeAttached();
      expect(await srcOf(page.getByRole("img", { name: "Photo 1" }))).toBe(uploaded[1]);
      expect(await srcOf(page.getByRole("img", { name: "Photo 2" }))).toBe(uploaded[0]);
      return uploaded;
    });

    const serviceId = await test.step("register: the card shows the photo now first as the cover", async () => {
      await page.getByRole("button", { name: "Register as a master" }).click();
      await expect(page).toHaveURL(/\/mechanic-profile$/);
      const list = await (
        await page.request.get(`/api/items?filter=mechanic&keyword=${encodeURIComponent(name)}`)
      ).json();
      const listed = (list.items as { _id: string; name: string; image: string }[]).find((item) => item.name === name);
      expect(listed?.image).toBe(second);
      return listed!._id;
    });

    await page.goto(`/service/${serviceId}`);
    const gallery = page.getByRole("group", { name: `Photos of ${name}` });
    const main = gallery.getByRole("img", { name: `${name}, photo 1 of 2` });
    await test.step("the service page's gallery, by keyboard", async () => {
      await expect(main).toHaveAttribute("src", second!);
      // Each picture lists only the widths its slot can use (SLOT_WIDTHS, features/uploads/image-sizes.ts).
      await expect(gallery.locator("picture").first().locator("source")).toHaveAttribute(
        "srcset",
        `${second}?w=480&f=webp 480w, ${second}?w=1200&f=webp 1200w`,
      );
      await expect(gallery.getByRole("button", { name: "Show photo 1 of 2" }).locator("source")).toHaveAttribute(
        "srcset",
        `${second}?w=160&f=webp 160w, ${second}?w=480&f=webp 480w`,
      );
      const frame = await main.boundingBox();

      const thumbnail = (index: number) => gallery.getByRole("button", { name: `Show photo ${index} of 2` });
      await thumbnail(1).focus();
      await expect(thumbnail(1)).toHaveCSS("outline-style", "solid");
      await page.keyboard.press("ArrowRight");
      await expect(thumbnail(2)).toBeFocused();
      await expect(thumbnail(2)).toHaveAttribute("aria-current", "true");
      await expect(gallery.getByRole("img", { name: `${name}, photo 2 of 2` })).toHaveAttribute("src", first!);
      // The frame keeps its size whichever photo it shows: nothing below it moves.
      expect(await gallery.getByRole("img", { name: `${name}, photo 2 of 2` }).boundingBox()).toEqual(frame);
      await page.keyboard.press("ArrowRight");
      await expect(thumbnail(1)).toBeFocused();
      await expect(gallery.getByRole("img", { name: `${name}, photo 1 of 2` })).toBeVisible();
      await page.keyboard.press("End");
      await expect(thumbnail(2)).toBeFocused();
      await page.keyboard.press("Home");
      await expect(thumbnail(1)).toBeFocused();
    });

    await test.step("a swipe to the left on a touch screen shows the next photo", async () => {
      const box = (await main.boundingBox())!;
      const touch = { pointerId: 7, pointerType: "touch", isPrimary: true, bubbles: true };
      await main.dispatchEvent("pointerdown", {
        ...touch,
        clientX: box.x + box.width * 0.8,
        clientY: box.y + box.height / 2,
      });
      await main.dispatchEvent("pointerup", {
        ...touch,
        clientX: box.x + box.width * 0.2,
        clientY: box.y + box.height / 2,
      });
      await expect(gallery.getByRole("img", { name: `${name}, photo 2 of 2` })).toBeVisible();
    });
  });

  test("a user sets a profile picture that the header shows, and a failed upload says why", async ({ page, users }) => {
    await users.create("user", { name: "Picture Person", page });
    await page.goto("/profile");
    const field = page.getByLabel("Profile picture");

    // A file that only starts like a picture: the server's reason is shown, in the page's language.
    const damaged = {
      name: "broken.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]),
    };
    await field.setInputFiles(damaged);
    await expect(
      page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "The image could not be read: the file may be damaged. Please choose another image." }),
    ).toBeVisible();
    await page.goto("/ua/profile");
    await page.getByLabel("Фото профілю").setInputFiles(damaged);
    await expect(
      page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "Не вдалося прочитати зображення: можливо, файл пошкоджено." }),
    ).toBeVisible();
    // Visiting /ua remembered Ukrainian: ?lng=en comes back.
    await page.goto("/profile?lng=en");

    // The upload asks for the page's language (?lng=en).
    const uploads = /\/api\/uploads(\?.*)?$/;
    await page.route(uploads, (route) =>
      route.fulfill({ status: 413, contentType: "text/html", body: "<h1>413 Request Entity Too Large</h1>" }),
    );
    await field.setInputFiles(await photo("me.png", "#0f766e"));
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Image size should be less than 1 MB" }),
    ).toBeVisible();
    await page.route(uploads, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ key: "Api.error", message: "Something went wrong" }),
      }),
    );
    await field.setInputFiles(await photo("me.png", "#0f766e"));
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "The image could not be uploaded. Please try again." }),
    ).toBeVisible();
    await page.unroute(uploads);

    await field.setInputFiles(await photo("me.png", "#0f766e"));
    await expect(page.getByRole("img", { name: "Image preview" })).toHaveAttribute(
      "src",
      /^\/api\/uploads\/[0-9a-f-]{36}$/,
    );
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(page.getByRole("link", { name: "Profile" }).first().locator("img")).toHaveAttribute(
      "src",
      /^\/api\/uploads\/[0-9a-f-]{36}\?w=160&f=jpeg$/,
    );
  });
});

test("a card loads the WebP copy of its photo at the width it is shown at, not the original", async ({ browser }) => {
  for (const [viewport, deviceScaleFactor, width] of [
    // On a phone the card's picture is an 80 px thumbnail; from md on a photo half the screen wide.
    [{ width: 390, height: 844 }, 1, 160],
    [{ width: 390, height: 844 }, 3, 480],
    [{ width: 800, height: 900 }, 1, 480],
  ] as const) {
    const context = await browser.newContext({ viewport, deviceScaleFactor });
    const page = await context.newPage();
    await page.goto("/services");
    const photo = page.locator("main article img").first();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
      .toMatch(new RegExp(`\\?w=${width}&f=webp$`));
    await context.close();
  }
});
