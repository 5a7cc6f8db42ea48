import type { Page } from "@playwright/test";

import { expect, test } from "./fixtures";

async function fillService(page: Page, name: string) {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Contact mail").fill("garage@example.com");
  await page.getByLabel("Contact phone 1").fill("0671234567");
  await expect(page.getByLabel("Contact phone 1")).toHaveValue("067 123 4567");
  // Written the international way, the number is kept as typed and tidied when the field is left.
  await page.getByLabel("Contact phone 2").fill("+38(050)000-11-11");
  await expect(page.getByLabel("Contact phone 2")).toHaveValue("+38(050)000-11-11");
  await page.getByLabel("Contact phone 2").blur();
  await expect(page.getByLabel("Contact phone 2")).toHaveValue("050 000 1111");
  await page.getByLabel("Latitude").fill("95");
  await page.getByLabel("Longitude").fill("30,5234");
  await page.getByRole("button", { name: "Find the address" }).click();
  await expect(
    page.getByText("Latitude must be a number from -90 to 90, for example 50.4501 or 50,4501."),
  ).toBeVisible();
  // A decimal comma is read as a decimal point.
  await page.getByLabel("Latitude").fill("50,4501");
  await page.getByRole("button", { name: "Find the address" }).click();
  // The e2e server has no geocoder: the lookup falls back to the coordinates, and the user types the address.
  await expect(page.getByLabel("Address")).not.toHaveValue("");
  await page.getByLabel("Address").fill("вул. Хрещатик, 22, Київ");
  await page.getByLabel("Description").fill("Діагностика та ремонт ходової");
  await page.getByLabel("Brand").selectOption("Toyota");
  await page.getByLabel("Experience, years").selectOption("21");
}

test.describe("listings", () => {
  test("a user orders a station, pays in test mode, finds it in the directory, then deletes it from My stations", async ({
    page,
    users,
  }) => {
    await users.create("user", { name: "Station Owner", page });
    const name = `E2E Garage ${Date.now()}`;
    await test.step("fill the station form: an empty one is refused, a full one goes to the order", async () => {
      await page.goto("/addservice");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page.locator("[data-sonner-toast]").first()).toContainText("Please enter a valid name");

      await fillService(page, name);
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(/\/placeorder$/);
      await expect(page.getByText(name)).toBeVisible();
      // A draft nobody reviewed is previewed as new, not with a made-up "5.0 (100 reviews)".
      const preview = page.getByRole("article", { name: "Your listing" });
      await expect(preview.getByText("New", { exact: true })).toBeVisible();
      await expect(preview).not.toContainText("100 reviews");
      await expect(page.getByText("$3.00", { exact: true }).last()).toBeVisible();

      await page.getByRole("link", { name: "Back to edit" }).click();
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(/\/placeorder$/);
    });

    await test.step("pay in test mode: the service page opens", async () => {
      await page.getByRole("button", { name: "Pay $3.00 in test mode" }).click();
      await expect(page.getByText("Payment successful")).toBeVisible();
      await expect(page).toHaveURL(/\/service\/[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await page.getByRole("button", { name: "Show contacts" }).click();
      await expect(page.getByRole("link", { name: "050 000 1111" })).toHaveAttribute("href", "tel:+380500001111");
    });

    await test.step("the directory finds it; My stations deletes it", async () => {
      await page.goto(`/services?keyword=${encodeURIComponent(name)}`);
      await expect(page.getByRole("link", { name }).first()).toBeVisible();

      await page.getByRole("link", { name: "My stations" }).first().click();
      await expect(page).toHaveURL(/\/mystos$/);
      const row = page.getByRole("listitem").filter({ hasText: name });
      await row.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("Station deleted!")).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
    });
  });

  test("the PayPal button path: SDK stand-in in the browser, the server against a fake PayPal API", async ({
    page,
    users,
  }) => {
    // The real SDK would come from paypal.com; this stand-in calls the same createOrder/onApprove callbacks.
    await page.route(/^https:\/\/www\.paypal\.com\/sdk\/js/, (route) =>
      route.fulfill({
        contentType: "application/javascript",
        body: `window.paypal = { version: "stand-in", Buttons(options) { return { isEligible: () => true, render(container) {
          const button = document.createElement("button");
          button.type = "button"; button.textContent = "PayPal";
          button.onclick = async () => { const orderID = await options.createOrder({}, {}); await options.onApprove({ orderID }, {}); };
          container.appendChild(button); return Promise.resolve();
        } }; } };`,
      }),
    );
    await users.create("user", { name: "PayPal Payer", page });
    await page.goto("/addservice");
    const name = `PayPal Garage ${Date.now()}`;
    await fillService(page, name);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/placeorder$/);
    await page.getByRole("button", { name: "PayPal", exact: true }).click();
    await expect(page.getByText("Payment successful")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("a keyboard-only owner types the point and the address; the unpaid order waits on My stations to be paid or deleted", async ({
    page,
    users,
  }) => {
    await users.create("user", { name: "Draft Owner", page });
    const name = `Draft Garage ${Date.now()}`;
    const row = page.getByRole("listitem").filter({ hasText: name });
    await test.step("typed coordinates and a typed address are enough: no map click, no address lookup", async () => {
      await page.goto("/addservice");
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Contact mail").fill("draft@example.com");
      await page.getByLabel("Latitude").fill("95");
      await page.getByLabel("Longitude").fill("30.5234");
      await page.getByLabel("Address").fill("вул. Хрещатик, 22, Київ");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      // A typed point out of range is named as such, not taken for "no point chosen".
      await expect(page.locator("#location-error")).toHaveText(
        "Latitude must be a number from -90 to 90, for example 50.4501 or 50,4501.",
      );
      await page.getByLabel("Latitude").fill("50,4501");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(/\/placeorder$/);
      await page.getByRole("link", { name: "Back to edit" }).click();
      await expect(page.getByLabel("Latitude")).toHaveValue("50.4501");
      await expect(page.getByLabel("Longitude")).toHaveValue("30.5234");
      await expect(page.getByLabel("Address")).toHaveValue("вул. Хрещатик, 22, Київ");
    });

    await test.step("the header links My stations, where the draft is marked unpaid and Pay opens its order", async () => {
      await page.goto("/home");
      await page.getByRole("link", { name: "My stations" }).first().click();
      await expect(page).toHaveURL(/\/mystos$/);
      await expect(row.getByText("Unpaid draft")).toBeVisible();
      // Not published yet: no public page, live status, statistics or visit codes to offer.
      await expect(row.getByRole("link", { name, exact: true })).toHaveCount(0);
      await expect(row.getByText(/^Last 30 days$/)).toHaveCount(0);
      await row.getByRole("link", { name: `Pay for ${name}` }).click();
      await expect(page).toHaveURL(/\/placeorder$/);
      await expect(page.getByText(name)).toBeVisible();
    });

    await test.step("Delete asks first; the draft goes, and My stations with it", async () => {
      await page.goto("/ua/mystos");
      await expect(row.getByText("Неоплачена чернетка")).toBeVisible();
      // Visiting /ua remembered Ukrainian: ?lng=en comes back.
      await page.goto("/mystos?lng=en");
      await row.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await expect(row).toBeVisible();
      await row.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("Station deleted!")).toBeVisible();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole("link", { name: "My stations" })).toHaveCount(0);
    });
  });

  test("without a prepared order, /placeorder says so and goes back to /addservice", async ({ page, users }) => {
    await users.create("user", { page });
    await page.goto("/placeorder");
    await expect(page.getByText("Please fill in all fields before proceeding").first()).toBeVisible();
    await expect(page).toHaveURL(/\/addservice$/);
  });

  test("the timetable refuses a closing time before the opening time, naming the day", async ({ page, users }) => {
    await users.create("user", { page });
    await page.goto("/addservice");
    await fillService(page, "Late Garage");
    await page.getByRole("group", { name: "Opening hours" }).getByLabel("Closes").nth(4).fill("08:00");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Friday: Closing time must be after opening time" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/addservice$/);
  });

  test("a user becomes a master, edits the profile, and deletes it", async ({ page, users }) => {
    await users.create("user", { name: "Master Tester", page });
    const name = `Майстер ${Date.now()}`;
    await test.step("register as a master, with a photo", async () => {
      await page.goto("/mechanicregister");
      await fillService(page, name);
      await page.getByRole("group", { name: "Comes to you" }).getByLabel("Yes").check();
      await page.getByLabel("Add photos").setInputFiles("tests/e2e/fixtures/tile.png");
      await expect(page.getByRole("img", { name: "Photo 1" })).toHaveAttribute(
        "src",
        /^\/api\/uploads\/[0-9a-f-]{36}$/,
      );
      await page.getByRole("button", { name: "Register as a master" }).click();
      await expect(page.getByText(/Congratulations, .*You are now a master on Maister\./)).toBeVisible();
      await expect(page).toHaveURL(/\/mechanic-profile$/);
    });

    await test.step("edit the profile; registering again is refused", async () => {
      await expect(page.getByLabel("Name")).toBeDisabled();
      await page.getByRole("button", { name: "Edit" }).click();
      await page.getByLabel("Description").fill("Виїзд по Києву цілодобово");
      // Typed coordinates are the point, with no click on the map or the address lookup.
      await page.getByLabel("Latitude").fill("50,5");
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("Mechanic updated")).toBeVisible();
      await expect(page.getByLabel("Description")).toBeDisabled();
      await page.reload();
      await expect(page.getByLabel("Description")).toHaveValue("Виїзд по Києву цілодобово");
      await expect(page.getByLabel("Latitude")).toHaveValue("50.5");
      await expect(page.getByRole("img", { name: "Photo 1" })).toBeVisible();

      await page.goto("/mechanicregister");
      await expect(page).toHaveURL(/\/home\?reason=noMechanic$/);
    });

    await test.step("delete the master's profile: Cancel keeps it, Yes deletes it", async () => {
      await page.goto("/mechanic-profile");
      await page.getByRole("button", { name: "Delete master account" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByLabel("Name")).toHaveValue(name);
      await page.getByRole("button", { name: "Delete master account" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("Mechanic deleted!")).toBeVisible();
      await page.goto("/mechanic-profile");
      await expect(page).toHaveURL(/\/home\?reason=mechanic$/);
    });
  });
});
