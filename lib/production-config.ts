/**
 * What a production server refuses to start without, one line per variable: every instance must
 * sign next-auth's CSRF tokens with the same secret, and mails, canonical URLs, the sitemap and
 * robots.txt must name the real site rather than a silent http://localhost:3000.
 * Development keeps its defaults (lib/site.ts, features/accounts/server/next-auth.ts).
 */
export const MIN_SECRET_BYTES = 32;

export function productionConfigProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const secret = env.NEXTAUTH_SECRET ?? "";
  if (Buffer.byteLength(secret) < MIN_SECRET_BYTES) {
    problems.push(
      `NEXTAUTH_SECRET must be set to at least ${MIN_SECRET_BYTES} bytes of random text (e.g. \`openssl rand -base64 32\`), the same on every instance.`,
    );
  }
  if (!isSiteOrigin(env.APP_URL))
    problems.push("APP_URL must be set to the site's public origin, e.g. https://maister.example (links in mails, canonical URLs, sitemap).");
  return problems;
}

function isSiteOrigin(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.pathname.replace(/\/$/, "") === "" && !url.search && !url.hash;
  } catch {
    return false;
  }
}
