import 'server-only';
import { eq } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';
import { clientAddress, hashAddress } from '@/server/http/client-address';
import { env } from '@/env';
import { recentFailures, type PASSWORD_FAILURES } from '@/server/audit';

/**
 * The limit on password checks (sign-in, and the current password when changing it): after
 * PASSWORD_LIMITS.account failures for one account, or .address from one address, within the window,
 * further checks are refused until the oldest failure leaves it.
 *
 * An attempt is written down as a failure before its password is checked and counted with it, so
 * attempts made at the same moment see each other: whichever comes later in the log sees the earlier
 * ones, and at most `limit` of any burst reach the (slow) hash. A success then turns its entry into
 * the success; a refusal removes it (refusals do not extend the wait).
 */

const PASSWORD_LIMITS = { account: 5, address: 20 } as const;
const PASSWORD_WINDOW_MS = 15 * 60_000;

type AttemptKeys = { account: string; address: string };
type Attempt =
  { refused: false; id: string; keys: AttemptKeys } | { refused: true; retryAfterSeconds: number };

/** The keys an attempt is counted under: hashes of the account's email and of the client's address. */
export async function attemptKeys(email: string, headers: Headers): Promise<AttemptKeys> {
  const { ipHashSalt } = await getDatabase();
  return {
    account: hashAddress(`account:${email}`, ipHashSalt),
    address: hashAddress(`address:${clientAddress(headers, env.TRUST_PROXY)}`, ipHashSalt),
  };
}

export async function reserveAttempt(
  kind: (typeof PASSWORD_FAILURES)[number],
  actor: string,
  keys: AttemptKeys,
): Promise<Attempt> {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(auditLog)
    .values({ actor, action: kind, detail: keys })
    .returning({ id: auditLog.id });
  const id = row!.id;
  for (const key of ['account', 'address'] as const) {
    const { count, oldest } = await recentFailures(key, keys[key], PASSWORD_WINDOW_MS);
    if (count > PASSWORD_LIMITS[key]) {
      await db.delete(auditLog).where(eq(auditLog.id, id));
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil(((oldest?.getTime() ?? Date.now()) + PASSWORD_WINDOW_MS - Date.now()) / 1000),
      );
      return { refused: true, retryAfterSeconds };
    }
  }
  return { refused: false, id, keys };
}

/** What the checked attempt's entry becomes: the success, or the failure under the account it named. */
export async function settleAttempt(
  attempt: Extract<Attempt, { refused: false }>,
  entry: { actor: string; action: string; detail?: Record<string, unknown> },
): Promise<void> {
  const { db } = await getDatabase();
  await db
    .update(auditLog)
    .set({ actor: entry.actor, action: entry.action, detail: entry.detail ?? attempt.keys })
    .where(eq(auditLog.id, attempt.id));
}
