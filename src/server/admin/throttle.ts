import 'server-only';
import { eq } from 'drizzle-orm';
import { getDatabase } from '@/server/db/client';
import { auditLog } from '@/server/db/schema';
import { clientAddress, hashAddress } from '@/server/http/client-address';
import { env } from '@/env';
import { recentFailures, signedInFrom, type PASSWORD_FAILURES } from '@/server/audit';

/**
 * The limit on password checks: past PASSWORD_LIMITS failures per account or per address within
 * the window, checks are refused until the oldest failure leaves it. From an address the operator
 * signed in from in the last KNOWN_ADDRESS_MS, the account's limit counts that address's failures
 * only (`pair`), so a stranger's wrong guesses cannot lock the operator out where they work. An
 * attempt is logged as a failure before its check, so attempts at the same moment see each other
 * and at most the limit of a burst reach the slow hash; a success rewrites its entry, a refusal
 * removes it.
 */

const PASSWORD_LIMITS = { account: 5, pair: 5, address: 20 } as const;
const PASSWORD_WINDOW_MS = 15 * 60_000;
const KNOWN_ADDRESS_MS = 30 * 24 * 3_600_000;

type AttemptKeys = { account: string; address: string; pair: string };
type Attempt =
  { refused: false; id: string; keys: AttemptKeys } | { refused: true; retryAfterSeconds: number };

/** The keys an attempt is counted under: hashes of the account's email and the client's address. */
export async function attemptKeys(email: string, headers: Headers): Promise<AttemptKeys> {
  const { ipHashSalt } = await getDatabase();
  const address = clientAddress(headers, env.TRUST_PROXY);
  return {
    account: hashAddress(`account:${email}`, ipHashSalt),
    address: hashAddress(`address:${address}`, ipHashSalt),
    pair: hashAddress(`pair:${email} ${address}`, ipHashSalt),
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
  const known = await signedInFrom(keys.pair, KNOWN_ADDRESS_MS);
  for (const key of [known ? 'pair' : 'account', 'address'] as const) {
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

/** What the checked attempt's entry becomes: the success, or the failure under its account. */
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
