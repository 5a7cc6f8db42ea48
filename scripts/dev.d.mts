export const STAND_IN_TOKEN: string;
export const TELEGRAM_STAND_IN: { token: string; username: string; secret: string };
export function configuredEnv(dir: string): Record<string, string | undefined>;
export function devPort(env: Record<string, string | undefined>, args: string[]): number;
export function devPlan(
  configured: Record<string, string | undefined>,
  args: string[],
): {
  env: Record<string, string>;
  standIn: { port: number; url: string } | null;
  telegram: { port: number; url: string; webhook: string } | null;
};
