export const STAND_IN_TOKEN: string;
export function configuredEnv(dir: string): Record<string, string | undefined>;
export function devPort(env: Record<string, string | undefined>, args: string[]): number;
export function devPlan(
  configured: Record<string, string | undefined>,
  args: string[],
): { env: Record<string, string>; standIn: { port: number; url: string } | null };
