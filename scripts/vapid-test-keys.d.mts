export const TEST_VAPID_KEYS: Readonly<{ VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string }>;
export function vapidPlan(configured: Record<string, string | undefined>): Record<string, string>;
