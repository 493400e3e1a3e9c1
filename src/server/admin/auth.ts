import 'server-only';
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { siteConfig } from '@/config/site';
import { env } from '@/env';
import { getDatabase, type Db } from '@/server/db/client';
import {
  leadSettings,
  operatorAccounts,
  operators,
  operatorSessions,
  operatorVerifications,
} from '@/server/db/schema';
import { log } from '@/server/log';
import { processGlobals } from '@/server/process';

/**
 * Operator sign-in on better-auth, which keeps its sessions in our own database, so every instance
 * honours every session with nothing else to run; its scrypt hash runs on Node's thread pool. Its
 * HTTP handler is not mounted: operators.ts calls `auth.api` behind the inbox's checks, so no
 * public sign-up endpoint exists.
 */

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;
/** Twelve spaces or 'abababababab' are long enough and still among the first guesses tried. */
export const MIN_PASSWORD_DISTINCT = 4;

/** Whether the inbox's cookies are Secure: when the site is served over https. */
export const secureCookies = () => new URL(siteConfig.siteUrl).protocol === 'https:';

async function authSecret(db: Db): Promise<string> {
  if (env.ADMIN_AUTH_SECRET) return env.ADMIN_AUTH_SECRET;
  // First start: one random secret for every instance on this database.
  await db
    .insert(leadSettings)
    .values({ key: 'admin_auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(leadSettings)
    .where(eq(leadSettings.key, 'admin_auth_secret'));
  if (!row) throw new Error('lead_settings.admin_auth_secret is missing');
  return row.value;
}

function createAuth(db: Db, secret: string) {
  const idleSeconds = env.ADMIN_SESSION_IDLE_MINUTES * 60;
  const secure = secureCookies();
  return betterAuth({
    appName: siteConfig.brandName,
    baseURL: siteConfig.siteUrl,
    basePath: '/api/admin/auth',
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: operators,
        session: operatorSessions,
        account: operatorAccounts,
        verification: operatorVerifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    session: {
      // Idle limit: the row expires this long after its last use (refreshed every few minutes);
      // session.ts checks the absolute limit against createdAt.
      expiresIn: idleSeconds,
      updateAge: Math.min(300, Math.floor(idleSeconds / 4)),
      // Every request reads the session row, so a sign-out takes effect at once everywhere.
      cookieCache: { enabled: false },
      additionalFields: {
        csrfToken: {
          type: 'string',
          required: true,
          input: false,
          returned: true,
          defaultValue: () => randomBytes(32).toString('base64url'),
        },
      },
    },
    advanced: {
      cookiePrefix: 'admin',
      useSecureCookies: secure,
      // The session cookie's lifetime is set where it is sent (cookies.ts: sendCookies).
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/', secure },
    },
    // Ours, per account and per address, counted in the audit log (throttle.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: {
      level: 'error',
      log: (level, message) =>
        log(level === 'error' ? 'error' : 'warn', 'admin.auth_library', {
          message: String(message).slice(0, 300),
        }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

const cache = processGlobals;

/** The process's one better-auth instance, made again when the database is reopened. */
export async function getAuth(): Promise<Auth> {
  const { db } = await getDatabase();
  if (cache.__adminAuth?.db !== db) {
    const auth = authSecret(db).then((secret) => createAuth(db, secret));
    cache.__adminAuth = { db, auth };
    auth.catch(() => {
      if (cache.__adminAuth?.auth === auth) cache.__adminAuth = undefined;
    });
  }
  return cache.__adminAuth.auth;
}
