import 'server-only';
import { count } from 'drizzle-orm';
import { siteConfig } from '@/config/site';
import { getDatabase } from '@/server/db/client';
import { operators } from '@/server/db/schema';

/**
 * What the production server prints once it listens: where the site and the inbox are and, while
 * no operator exists, the command that adds the first, so a fresh install says how to get in. An
 * unreadable database leaves the hint out, never the start.
 */
export async function startupLines(origin: string): Promise<string[]> {
  const lines = [`> Site:  ${origin}/`, `> Inbox: ${origin}/admin`];
  // Emails, canonical links and the sitemap name the public address, not the one listened on.
  if (new URL(siteConfig.siteUrl).origin !== origin)
    lines.push(
      `> Links in emails and pages go to ${siteConfig.siteUrl}/ (NEXT_PUBLIC_SITE_URL, set before the build)`,
    );
  const operatorCount = await getDatabase()
    .then(async ({ db }) => (await db.select({ n: count() }).from(operators))[0]?.n ?? 0)
    .catch(() => null);
  if (operatorCount === 0)
    lines.push(
      '> No operator yet. Add the first one (it asks for a password), then sign in at the inbox:',
      '>   npm run leads -- add-operator <your email address>',
    );
  return lines;
}

/** Stops a server that could not start, with the reason (and its fix) as the last line it prints. */
export function stopStarting(error: unknown): never {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
