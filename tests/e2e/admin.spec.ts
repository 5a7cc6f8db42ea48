import { signIn } from "./accounts-helpers";
import { expect, test } from "./fixtures";
import { DEMO } from "./users";

test.describe("admin", () => {
  test("visitors and plain users are kept out", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fusers&reason=signedIn$/);
    await signIn(page, DEMO.user.email, DEMO.user.password);
    await expect(page).toHaveURL(/\/home\?reason=admin$/);
    await page.goto("/admin/services");
    await expect(page).toHaveURL(/\/home\?reason=admin$/);
  });

  test("searches and paginates users; blocks a user, who is signed out at once; grants and removes the admin flag", async ({
    page,
    users,
  }) => {
    const victim = await users.create("mechanic", {
      name: "Moderated User",
      service: { name: `Блок Майстер ${Date.now()}` },
    });
    await users.create("admin", { page });
    await test.step("find the user: the admin menu, page 2 of the list, a search by e-mail", async () => {
      await page.goto("/home");
      await page.locator("summary", { hasText: "Admin" }).click();
      await page.getByRole("link", { name: "Users" }).click();
      await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
      await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2" }).click();
      await expect(page).toHaveURL(/\/admin\/users\/page\/2$/);
      await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");

      await page.getByRole("main").getByRole("searchbox").fill(victim.email);
      await page.getByRole("main").getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/admin\/users\/search\//);
      await expect(page.getByRole("row")).toHaveCount(2);
      await page.getByRole("link", { name: "Edit Moderated User" }).click();
    });

    await test.step("block: the user is signed out at once; unblock", async () => {
      await page.getByRole("button", { name: "Block" }).click();
      // The toast, not the same words in the "Last actions" list, which the refresh may show first.
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "User blocked" })).toBeVisible();
      await victim.page.goto("/profile");
      await expect(victim.page).toHaveURL(/\/login/);

      await page.getByRole("button", { name: "Unblock" }).click();
      await expect(page.locator("[data-sonner-toast]").filter({ hasText: "User unblocked" })).toBeVisible();
      await expect(page.getByText("This account is blocked.")).toBeHidden();
    });

    await test.step("grant the admin flag, then remove it", async () => {
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      await page.getByRole("group", { name: "Admin" }).getByLabel("Yes").check();
      await page.getByRole("button", { name: "Update" }).click();
      await expect(page.getByText("User updated")).toBeVisible();
      await expect(page.getByRole("region", { name: "Last actions" }).getByText("User edited").first()).toBeVisible();
      await page.getByRole("button", { name: "Edit", exact: true }).click();
      await page.getByRole("group", { name: "Admin" }).getByLabel("No").check();
      // The first update's toast may still be on screen: the answer to this one is what counts.
      const saved = page.waitForResponse(
        (reply) =>
          reply.request().method() === "PUT" &&
          /^\/api\/users\/[^/]+$/.test(new URL(reply.url()).pathname) &&
          reply.ok(),
      );
      await page.getByRole("button", { name: "Update" }).click();
      await saved;
      await expect(page.getByText("User updated").first()).toBeVisible();
      await page.reload();
      await expect(page.getByRole("group", { name: "Admin" }).getByLabel("No")).toBeChecked();
    });
  });

  test("edits a service, then deletes it from the list", async ({ page, users }) => {
    const name = `Адмін Майстер ${Date.now()}`;
    const master = await users.create("mechanic", { name: "Owner O'Brien", service: { name } });
    await users.create("admin", { page });
    await page.goto(`/admin/services?keyword=${encodeURIComponent(name)}`);
    await expect(page.getByRole("link", { name: `Clear the filter “${name}”` })).toBeVisible();
    // The owner column names the owner and links to their account.
    await expect(
      page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: "Owner O'Brien" }),
    ).toHaveAttribute("href", `/admin/users/${master.id}/edit`);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByLabel("Name")).toBeDisabled();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByLabel("Name").fill(`${name} Плюс`);
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText("Mechanic updated")).toBeVisible();

    await page.getByRole("button", { name: "Block" }).click();
    await expect(page.getByText("Mechanic blocked")).toBeVisible();

    await page.getByRole("main").getByRole("link", { name: "Services" }).click();
    await page.getByRole("main").getByRole("searchbox").fill(`${name} Плюс`);
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: `${name} Плюс` });
    await expect(row).toContainText("Yes");
    await row.getByRole("button", { name: `Delete ${name} Плюс` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Mechanic deleted!")).toBeVisible();
    await expect(page.getByText("No services found.")).toBeVisible();
  });

  test("the user editor reads as read-only until Edit, and a bad e-mail is named as such by the form and the server", async ({
    page,
    users,
  }) => {
    const person = await users.create("user", { name: "Readonly Person" });
    await users.create("admin", { page });
    await page.goto(`/admin/users/${person.id}/edit`);
    const email = page.getByLabel("E-mail", { exact: true });
    const look = () => email.evaluate((input) => getComputedStyle(input).backgroundColor);
    await expect(email).toBeDisabled();
    const readOnly = await look();
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await expect(email).toBeEnabled();
    expect(await look()).not.toBe(readOnly);

    await email.fill("not-an-address");
    await page.getByRole("button", { name: "Update" }).click();
    await expect(page.locator("#email-error")).toHaveText("Please enter a valid e-mail");
    const answer = await page.request.put(`/api/users/${person.id}`, { data: { email: "not-an-address" } });
    expect(answer.status()).toBe(400);
    expect((await answer.json()).message).toBe("Please enter a valid e-mail");
  });

  test("a hidden review is listed under Hidden and restored from there; the page names each part once", async ({
    page,
    users,
  }) => {
    const owner = await users.create("owner", { name: "Hidden Owner" });
    const reviewer = await users.create("user", { name: "Hidden Reviewer" });
    const comment = `Blunt but fair ${Date.now()}`;
    const posted = await reviewer.context.request.post(`/api/items/${owner.serviceId}/reviews`, {
      data: { rating: { quality: 4, speed: 4, price: 4 }, comment },
    });
    expect(posted.status()).toBe(201);
    const reviewId = ((await posted.json()) as { _id: string })._id;
    await users.create("admin", { page });
    expect(
      (
        await page.request.post(`/api/items/admin/reports/${reviewId}`, { data: { action: "hide", reason: "spam" } })
      ).status(),
    ).toBe(200);

    await page.goto("/admin/reviews");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reviews");
    const headings = await page.getByRole("main").getByRole("heading").allTextContents();
    expect(new Set(headings).size, headings.join(" | ")).toBe(headings.length);
    await page.getByRole("main").getByRole("link", { name: "Hidden", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/reviews\?view=hidden$/);
    await expect(page.getByRole("heading", { level: 2, name: "Hidden reviews" })).toBeVisible();
    const item = page.getByRole("listitem").filter({ hasText: comment });
    await expect(item.getByText("Hidden by a moderator: spam or advertising.")).toBeVisible();
    await item.getByRole("button", { name: "Restore" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Review restored" })).toBeVisible();
    await expect(item).toHaveCount(0);

    await page.goto("/ua/admin/reviews?view=hidden");
    await expect(page.getByRole("heading", { level: 2, name: "Приховані відгуки" })).toBeVisible();
    await page.goto(`/service/${owner.serviceId}`);
    await expect(page.getByText(comment)).toBeVisible();
  });

  test("on a phone each row's Edit and Delete are in view without sideways scrolling; the search hints fit at both widths", async ({
    users,
  }) => {
    const { page } = await users.create("admin");
    await users.create("mechanic", { name: "Phone Listed Owner" });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/admin/users", "/admin/services", "/ua/admin/users", "/ua/admin/services"]) {
        await page.goto(path);
        const main = page.getByRole("main");
        const search = main.getByRole("searchbox");
        // The hint set in the box's own font, on one line, against the room inside the box.
        const hintFits = await search.evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const probe = document.createElement("span");
          probe.textContent = input.placeholder;
          Object.assign(probe.style, {
            font: style.font,
            letterSpacing: style.letterSpacing,
            whiteSpace: "pre",
            position: "absolute",
            visibility: "hidden",
          });
          document.body.append(probe);
          const width = probe.getBoundingClientRect().width;
          probe.remove();
          return (
            width > 0 && width <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
          );
        });
        expect(hintFits, `${path} at ${width}: the search box's hint is cut`).toBe(true);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          `${path} at ${width}`,
        ).toBeLessThanOrEqual(width);
        for (const control of [
          main.getByRole("link", { name: /^(Edit|Редагувати) / }).first(),
          main.getByRole("button", { name: /^(Delete|Видалити) / }).first(),
        ]) {
          const box = (await control.boundingBox())!;
          expect(
            box.x + box.width,
            `${path} at ${width}: ${await control.getAttribute("aria-label")}`,
          ).toBeLessThanOrEqual(width);
          // Not inside a box that scrolls sideways either.
          expect(
            await control.evaluate((element) => {
              for (let node = element.parentElement; node; node = node.parentElement)
                if (node.scrollWidth > node.clientWidth + 1) return false;
              return true;
            }),
          ).toBe(true);
        }
      }
    }
  });

  test("deleting a service on its edit page returns to /admin/stos, the services list", async ({ page, users }) => {
    const name = `Стос Майстер ${Date.now()}`;
    await users.create("mechanic", { service: { name } });
    await users.create("admin", { page });
    await page.goto(`/admin/services?keyword=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByRole("button", { name: "Delete master account" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, delete" }).click();
    await expect(page.getByText("Mechanic deleted!")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/stos$/);
    await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

    await page.goto("/ua/admin/stos");
    await expect(page.getByRole("heading", { level: 1, name: "Сервіси" })).toBeVisible();
  });
});
