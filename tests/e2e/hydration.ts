import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has hydrated the element (it carries React's props then). Keys pressed
 * before that reach the bare HTML: a select changes natively and hydration puts it back, so a test
 * of keyboard handling must wait (on a busy machine hydration can lag the load event by seconds).
 */
export async function hydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
}
