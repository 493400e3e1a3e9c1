import { z } from 'zod';
import {
  leadForms,
  notifyEnvOf,
  webhookEnvOf,
  type LeadNotifyEnv,
  type LeadWebhookEnv,
} from './config/lead-form-ids';
import { isPlainAddress } from './config/email-address';

/**
 * The one place that reads process.env. Everything else imports `env` (or the
 * typed `siteConfig` built from it) so a bad value fails the build or the
 * server start with a message naming the variable, instead of a broken page.
 *
 * NEXT_PUBLIC_* values are public by design (they end up in the HTML) and are
 * baked into the prerendered pages at build time: change them, rebuild.
 * Server-only values (database, webhook URLs, signing secret) never get that
 * prefix and are read on the server only: src/server/ (behind 'server-only') and
 * server components. The privacy policy and /thank-you are prerendered, so what
 * they state (retention periods, the webhook's signing, MAIL_FROM) is the build's.
 */

// An unset variable and an empty one mean the same thing: "use the default".
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

const url = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

const integer = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

// A retention period: days (a fraction such as 0.5 is 12 hours) or 'off' (null: kept until deleted).
const retentionDays = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (value) =>
      value === 'off' ||
      (/^\d+(\.\d+)?$/.test(value) && Number(value) > 0 && Number(value) <= 36_500),
    "must be a number of days greater than 0 (at most 36500), or 'off'",
  )
  .transform((value) => (value === 'off' ? null : Number(value)));

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
  .transform((value) => value === '1' || value === 'true');

/**
 * Who may tell us the visitor's address (src/server/http/client-address.ts, docs/deploying.md):
 * nobody (the connection's own address), the last N proxies appending to X-Forwarded-For, or one
 * header that the edge proxy or CDN overwrites on every request (e.g. cf-connecting-ip).
 */
export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'header'; header: string };

const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .refine(
    (value) =>
      /^(0|false|true|[1-9])$/.test(value) ||
      (/^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/.test(value) &&
        value.length <= 64 &&
        value !== 'x-forwarded-for'),
    'must be 0, a number of proxies (1-9) or the name of a header the proxy sets, such as cf-connecting-ip',
  )
  .transform((value): TrustProxy => {
    if (value === '0' || value === 'false') return { kind: 'none' };
    if (value === 'true') return { kind: 'hops', hops: 1 };
    if (/^[1-9]$/.test(value)) return { kind: 'hops', hops: Number(value) };
    return { kind: 'header', header: value };
  });

/**
 * Default delivery retry delays: 10 s, 30 s, 1, 2, 5, 10, 15 and 30 min, 30 min, 1 h twice, 2 h twice, 4 h twice,
 * 6 h twice, 12 h twice, 24 h. Eight attempts in the first hour, and after it no wait longer than two thirds
 * of the time already waited, so a lead reaches the receiver soon after an outage ends (within about 20
 * minutes of a 30-minute one, 2.5 hours of a 6-hour one: tests/integration/lead-retry-schedule.integ.ts);
 * the 21 attempts span 3 days, past a weekend, before the delivery is 'failed'.
 */
const MIN = 60_000;
const HOUR = 60 * MIN;
export const DEFAULT_RETRY_SCHEDULE_MS = [
  10_000,
  30_000,
  MIN,
  2 * MIN,
  5 * MIN,
  10 * MIN,
  15 * MIN,
  30 * MIN,
  30 * MIN,
  HOUR,
  HOUR,
  2 * HOUR,
  2 * HOUR,
  4 * HOUR,
  4 * HOUR,
  6 * HOUR,
  6 * HOUR,
  12 * HOUR,
  12 * HOUR,
  24 * HOUR,
];

// A comma-separated list of delays in milliseconds; '' or unset means the default, 'none' means no retries.
const retrySchedule = z
  .string()
  .regex(
    /^\s*(none|\d+(\s*,\s*\d+){0,19})\s*$/,
    'must be a comma-separated list of milliseconds (at most 20), or none',
  )
  .transform((value) =>
    value.trim() === 'none' ? [] : value.split(',').map((part) => Number(part.trim())),
  );

/** How to make a secret, shown whenever LEADS_WEBHOOK_SECRET is refused. */
export const MAKE_WEBHOOK_SECRET = `node -e "console.log('whsec_'+require('crypto').randomBytes(32).toString('base64'))"`;

/**
 * A Standard Webhooks secret: whsec_ then 24 to 64 random bytes in canonical base64, the only form
 * the standard's own verifiers accept (any other string made signatures no receiver could check).
 */
const webhookSecret = z.string().refine(
  (value) => {
    const base64 = value.startsWith('whsec_') ? value.slice('whsec_'.length) : null;
    if (base64 === null || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return false;
    const bytes = Buffer.from(base64, 'base64');
    return bytes.toString('base64') === base64 && bytes.length >= 24 && bytes.length <= 64;
  },
  {
    error: `must be a Standard Webhooks secret: whsec_ and 24 to 64 random bytes in base64. Make one with: ${MAKE_WEBHOOK_SECRET}`,
  },
);

// A header added to every request to a webhook (n8n's Header Auth). Names the request itself
// sets (body framing, signature, idempotency) are refused so the secret header cannot break them.
const reservedHeaders = [
  'host',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'accept',
  'user-agent',
  'idempotency-key',
  'webhook-id',
  'webhook-timestamp',
  'webhook-signature',
];
const headerName = z
  .string()
  .regex(
    /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/,
    'must be an HTTP header name (letters, digits and - only, e.g. X-Webhook-Token)',
  )
  .refine(
    (name) => !reservedHeaders.includes(name.toLowerCase()),
    'names a header the site sets itself; choose another (e.g. X-Webhook-Token)',
  );
const headerValue = z
  .string()
  .regex(/^[\x20-\x7e]{1,1024}$/, 'must be 1 to 1024 printable ASCII characters');

// Email recipients: comma-separated addresses, or 'none' for nobody.
const recipients = z
  .string()
  .transform((value) =>
    value.trim().toLowerCase() === 'none'
      ? []
      : value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
  )
  .refine(
    (list) => list.length <= 20 && list.every(isPlainAddress),
    'must be email addresses separated by commas (at most 20), or none',
  );

// The sender: an address, or a display name and an address in angle brackets.
const mailFrom = z
  .string()
  .trim()
  .refine(
    (value) => {
      const match = /^(?:([^<>\r\n"]{1,100}?)\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(value);
      return Boolean(match && isPlainAddress(match[2] ?? match[3] ?? ''));
    },
    {
      error:
        'must be an address, or a name and an address: Brightline AI <hello@brightline.example>',
    },
  );

const smtpUrl = z
  .string()
  .trim()
  .regex(
    /^smtps?:\/\/[^\s/]+\/?$/i,
    'must be an smtp:// or smtps:// URL: smtps://user:password@smtp.example.com:465',
  );

// The hour (UTC) the daily digest goes out, or off.
const digestHour = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(off|[0-9]|1[0-9]|2[0-3])$/, 'must be an hour from 0 to 23 (UTC), or off')
  .transform((value) => (value === 'off' ? null : Number(value)));

const formNotifyRecipients = Object.fromEntries(
  leadForms.map((form) => [notifyEnvOf(form), optional(recipients)]),
) as Record<LeadNotifyEnv, ReturnType<typeof optional<typeof recipients>>>;

const formWebhookUrls = Object.fromEntries(
  leadForms.map((form) => [webhookEnvOf(form), optional(url)]),
) as Record<LeadWebhookEnv, ReturnType<typeof optional<typeof url>>>;

const schema = z.object({
  NEXT_PUBLIC_SITE_URL: optional(url).default('http://localhost:3000'),
  NEXT_PUBLIC_BRAND_NAME: optional(z.string().min(1).max(60)).default('Brightline AI'),
  NEXT_PUBLIC_CONTACT_PHONE: optional(z.string().min(3).max(40)).default('+1 (555) 010-0199'),
  NEXT_PUBLIC_CONTACT_EMAIL: optional(z.email({ error: 'must be an email address' })).default(
    'hello@brightline.example',
  ),
  NEXT_PUBLIC_APP_URL: optional(url).default('https://app.brightline.example'),
  NEXT_PUBLIC_GTM_ID: optional(
    z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like GTM-XXXXXXX'),
  ),
  NEXT_PUBLIC_SOCIAL_LINKEDIN: optional(url),
  NEXT_PUBLIC_SOCIAL_FACEBOOK: optional(url),
  NEXT_PUBLIC_SOCIAL_X: optional(url),
  NEXT_PUBLIC_SOCIAL_INSTAGRAM: optional(url),
  NEXT_PUBLIC_SOCIAL_YOUTUBE: optional(url),

  // --- Server only: lead storage and delivery (see .env.example) ---
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL'),
  ),
  LEADS_DATA_DIR: optional(z.string().min(1)).default('./data/pglite'),
  // 0: the embedded database skips fsync (faster; an acknowledged lead survives a crash of the process, not of the host).
  LEADS_DATA_FSYNC: optional(flag).default(true),
  LEADS_WEBHOOK_URL: optional(url),
  // One per lead form (src/config/lead-form-ids.ts): LEADS_WEBHOOK_URL_GROWTH_AUDIT, _DEMO, _CONTACT, _ARIA_SIGNUP.
  ...formWebhookUrls,
  LEADS_WEBHOOK_SECRET: optional(webhookSecret),
  // n8n Header Auth for every lead webhook: sent with each attempt, never stored with a delivery.
  LEADS_WEBHOOK_HEADER_NAME: optional(headerName),
  LEADS_WEBHOOK_HEADER_VALUE: optional(headerValue),
  LEADS_WEBHOOK_TIMEOUT_MS: optional(integer(100, 120_000)).default(15_000),
  LEADS_RETRY_SCHEDULE_MS: optional(retrySchedule).default(DEFAULT_RETRY_SCHEDULE_MS),
  LEADS_SWEEP_INTERVAL_MS: optional(integer(100, 3_600_000)).default(5_000),
  LEADS_WORKER: optional(flag).default(true),
  LEADS_RATE_LIMIT_PER_MINUTE: optional(integer(0, 100_000)).default(10),
  // How long spam, and leads of any kind, are kept (src/server/leads/retention.ts); the privacy policy states both.
  LEADS_SPAM_RETENTION_DAYS: optional(retentionDays).default(30),
  LEADS_RETENTION_DAYS: optional(retentionDays).default(null),

  // --- Server only: notifications (docs/operating.md) ---
  // The mail server; unset: email jobs are recorded as skipped. Credentials are read at each attempt, never stored.
  SMTP_URL: optional(smtpUrl),
  // The From header. Default: the brand and NEXT_PUBLIC_CONTACT_EMAIL.
  MAIL_FROM: optional(mailFrom),
  // Who gets the agency's email about each lead. Default: NEXT_PUBLIC_CONTACT_EMAIL; per form: LEADS_NOTIFY_TO_DEMO...
  LEADS_NOTIFY_TO: optional(recipients),
  ...formNotifyRecipients,
  // A Slack-compatible incoming webhook (a secret) told of each lead, without personal data.
  LEADS_NOTIFY_CHAT_URL: optional(url),
  // Who gets the watchdog's alerts and digest. Default: LEADS_NOTIFY_TO.
  LEADS_ALERT_TO: optional(recipients),
  LEADS_ALERT_FAILED: optional(flag).default(true),
  LEADS_ALERT_FAILING: optional(flag).default(true),
  LEADS_DIGEST_HOUR: optional(digestHour).default(8),
  // Visitor confirmations sent per hour, across every form and instance; 0: none are sent.
  LEADS_AUTORESPONSE_PER_HOUR: optional(integer(0, 100_000)).default(50),
  // Confirmations to different addresses from one client address (IPv6: its /64) in 24 hours.
  LEADS_AUTORESPONSE_PER_CLIENT: optional(integer(1, 100_000)).default(3),

  // --- Server only: the chat widget's proxy (POST /api/chat) ---
  CHAT_WEBHOOK_URL: optional(url),
  CHAT_WEBHOOK_HEADER_NAME: optional(headerName),
  CHAT_WEBHOOK_HEADER_VALUE: optional(headerValue),
  // The whole reply, streamed or not, must arrive within CHAT_TIMEOUT_MS; the first byte of its body, and
  // each later piece of a stream, within CHAT_IDLE_TIMEOUT_MS of the one before.
  CHAT_TIMEOUT_MS: optional(integer(1_000, 120_000)).default(20_000),
  CHAT_IDLE_TIMEOUT_MS: optional(integer(500, 120_000)).default(15_000),
  CHAT_RATE_LIMIT_PER_MINUTE: optional(integer(0, 100_000)).default(20),
  // Messages passed to the chat webhook (and its paid model) per clock hour from all visitors; 0: no limit.
  CHAT_MESSAGES_PER_HOUR: optional(integer(0, 1_000_000)).default(1000),

  // --- Server only: the live voice demo's proxy (POST /api/voice/web-call) ---
  RETELL_API_KEY: optional(z.string().min(8, 'must be at least 8 characters')),
  RETELL_AGENT_ID: optional(z.string().min(1).max(200)),
  RETELL_BASE_URL: optional(url).default('https://api.retellai.com'),
  VOICE_TIMEOUT_MS: optional(integer(1_000, 60_000)).default(10_000),
  VOICE_RATE_LIMIT_PER_MINUTE: optional(integer(0, 100_000)).default(5),
  // Paid web calls started per clock hour from all visitors; 0: no limit.
  VOICE_CALLS_PER_HOUR: optional(integer(0, 100_000)).default(30),

  // --- Server only: the agency's inbox (/admin) ---
  // Signs the session cookie. Unset: a random secret kept in the database, shared by every instance.
  ADMIN_AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  // A session ends after this long without a request, and in any case this long after sign-in.
  ADMIN_SESSION_IDLE_MINUTES: optional(integer(1, 7 * 24 * 60)).default(60),
  ADMIN_SESSION_MAX_HOURS: optional(integer(1, 30 * 24)).default(12),

  TRUST_PROXY: optional(trustProxy).default({ kind: 'none' }),
  LOG_LEVEL: optional(
    z.enum(['debug', 'info', 'warn', 'error', 'silent'], {
      error: 'must be debug, info, warn, error or silent',
    }),
  ).default('info'),
  // The build folder (next.config.ts distDir); the test suite builds variants side by side. Default: .next
  NEXT_DIST_DIR: optional(z.string().min(1)).default('.next'),
  // Set by Next.js itself: 'development' under `next dev` (the dev server's own CSP), 'production' for builds and `next start`.
  NODE_ENV: optional(z.enum(['development', 'production', 'test'])).default('production'),
  // Set by Next.js itself: 'phase-production-build' while `next build` runs.
  NEXT_PHASE: optional(z.string()),
});

// A header name without its value (or the reverse) is a half-done setup: refuse it rather than send nothing.
const checked = schema.superRefine((value, context) => {
  for (const prefix of ['LEADS_WEBHOOK_HEADER', 'CHAT_WEBHOOK_HEADER'] as const) {
    const name = value[`${prefix}_NAME`];
    const headerValueSet = value[`${prefix}_VALUE`] !== undefined;
    if ((name === undefined) === !headerValueSet) continue;
    const missing = name === undefined ? `${prefix}_NAME` : `${prefix}_VALUE`;
    context.addIssue({
      code: 'custom',
      path: [missing],
      message: `must be set together with ${name === undefined ? `${prefix}_VALUE` : `${prefix}_NAME`}`,
    });
  }
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = checked.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration (see .env.example):\n${lines.join('\n')}`);
  }
  return result.data;
}

let parsed: Env | undefined;

/** Parses process.env again, so later reads of `env` see its current values (tests call this). */
export function reloadEnv(): Env {
  parsed = parseEnv(process.env);
  return parsed;
}

/**
 * The environment, parsed from process.env at the first read rather than at import, so any module
 * can be imported before the values are set. A bad variable throws at that read: next.config.ts
 * reads env when the build starts, src/instrumentation.ts when the server starts.
 */
export const env: Readonly<Env> = new Proxy({} as Env, {
  get: (_, key) => Reflect.get(parsed ?? reloadEnv(), key),
  has: (_, key) => Reflect.has(parsed ?? reloadEnv(), key),
  ownKeys: () => Reflect.ownKeys(parsed ?? reloadEnv()),
  getOwnPropertyDescriptor: (_, key) => {
    const descriptor = Reflect.getOwnPropertyDescriptor(parsed ?? reloadEnv(), key);
    return descriptor && { ...descriptor, configurable: true };
  },
});
