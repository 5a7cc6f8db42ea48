import { afterAll, beforeAll } from "vitest";

import { setEnv } from "./env";
import { startFakePaypal, VALID_SIGNATURE, type FakePaypal } from "./fake-paypal";

/**
 * For a test file or a describe block: the PayPal stand-in runs while its tests do, and the app's
 * PayPal settings point at it (webhooks included). Returns the running stand-in, read in the tests.
 */
export function withPaypalStandIn(): () => FakePaypal {
  let paypal: FakePaypal | undefined;
  beforeAll(async () => {
    paypal = await startFakePaypal();
    setEnv({
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.secret,
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
    });
  });
  afterAll(async () => {
    setEnv({
      PAYPAL_CLIENT_ID: undefined,
      PAYPAL_CLIENT_SECRET: undefined,
      PAYPAL_API_BASE: undefined,
      PAYPAL_WEBHOOK_ID: undefined,
    });
    await paypal?.close();
  });
  return () => {
    if (!paypal) throw new Error("The PayPal stand-in runs only inside the tests of its block.");
    return paypal;
  };
}

/** The headers PayPal sends with a webhook; the stand-in verifies `signature` (VALID_SIGNATURE passes). */
export function webhookHeaders(signature = VALID_SIGNATURE): Record<string, string> {
  return {
    "paypal-auth-algo": "SHA256withRSA",
    "paypal-cert-url": "https://api.paypal.com/v1/notifications/certs/CERT-1",
    "paypal-transmission-id": `T-${Math.random()}`,
    "paypal-transmission-sig": signature,
    "paypal-transmission-time": new Date().toISOString(),
  };
}
