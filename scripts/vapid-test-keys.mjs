// A fixed VAPID key pair for `npm run dev` and the end-to-end server, so that push works there
// without configuration (made once with `npx web-push generate-vapid-keys`). It is public: it
// must never sign a real site's push, so lib/env.ts has no default and production needs its own.

export const TEST_VAPID_KEYS = Object.freeze({
  VAPID_PUBLIC_KEY: "BLXrnAuEuWL3ykzpe6KJgulx8kI6bAbX8D8b4HnHunHY82sdFLKI7yJzQqw1LOSn6tBGA13nNQmi2pHAoRS47fc",
  VAPID_PRIVATE_KEY: "CrQXc0DPmkcjD923tn02IJEqS5dZ9wyos_oR9jOPKA4",
});

/** The test keys, unless the configured environment names a key of its own (then both are its to give). */
export function vapidPlan(configured) {
  if (configured.VAPID_PUBLIC_KEY?.trim() || configured.VAPID_PRIVATE_KEY?.trim()) return {};
  return { ...TEST_VAPID_KEYS };
}
