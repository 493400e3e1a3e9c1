import { z } from 'zod';
import { leadFormRegistry, leadForms, type LeadWebhookEnv } from './lib/lead-forms';

/**
 * The one place that reads process.env. Everything else imports `env` (or the
 * typed `siteConfig` built from it) so a bad value fails the build or the
 * server start with a message naming the variable, instead of a broken page.
 *
 * NEXT_PUBLIC_* values are public by design (they end up in the HTML) and are
 * baked into the prerendered pages at build time: change them, rebuild.
 * Server-only values (database, webhook URLs, signing secret) never get that
 * prefix; only code under src/server/ (behind 'server-only') reads them.
 */

// An unset variable and an empty one mean the same thing: "use the default".
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const url = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

const integer = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`);

const flag = z.enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' }).transform((value) => value === '1' || value === 'true');

/** Default delivery retry delays: 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h. */
export const DEFAULT_RETRY_SCHEDULE_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000];

// A comma-separated list of delays in milliseconds; '' or unset means the default, 'none' means no retries.
const retrySchedule = z
  .string()
  .regex(/^\s*(none|\d+(\s*,\s*\d+){0,19})\s*$/, 'must be a comma-separated list of milliseconds (at most 20), or none')
  .transform((value) => (value.trim() === 'none' ? [] : value.split(',').map((part) => Number(part.trim()))));

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
  { error: `must be a Standard Webhooks secret: whsec_ and 24 to 64 random bytes in base64. Make one with: ${MAKE_WEBHOOK_SECRET}` },
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
  .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/, 'must be an HTTP header name (letters, digits and - only, e.g. X-Webhook-Token)')
  .refine((name) => !reservedHeaders.includes(name.toLowerCase()), 'names a header the site sets itself; choose another (e.g. X-Webhook-Token)');
const headerValue = z.string().regex(/^[\x20-\x7e]{1,1024}$/, 'must be 1 to 1024 printable ASCII characters');

const formWebhookUrls = Object.fromEntries(leadForms.map((form) => [leadFormRegistry[form].webhookEnv, optional(url)])) as Record<
  LeadWebhookEnv,
  ReturnType<typeof optional<typeof url>>
>;

const schema = z.object({
  NEXT_PUBLIC_SITE_URL: optional(url).default('http://localhost:3000'),
  NEXT_PUBLIC_BRAND_NAME: optional(z.string().min(1).max(60)).default('Brightline AI'),
  NEXT_PUBLIC_CONTACT_PHONE: optional(z.string().min(3).max(40)).default('+1 (555) 010-0199'),
  NEXT_PUBLIC_CONTACT_EMAIL: optional(z.email({ error: 'must be an email address' })).default('hello@brightline.example'),
  NEXT_PUBLIC_APP_URL: optional(url).default('https://app.brightline.example'),
  NEXT_PUBLIC_GTM_ID: optional(z.string().regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like GTM-XXXXXXX')),
  NEXT_PUBLIC_SOCIAL_LINKEDIN: optional(url),
  NEXT_PUBLIC_SOCIAL_FACEBOOK: optional(url),
  NEXT_PUBLIC_SOCIAL_X: optional(url),
  NEXT_PUBLIC_SOCIAL_INSTAGRAM: optional(url),
  NEXT_PUBLIC_SOCIAL_YOUTUBE: optional(url),

  // --- Server only: lead storage and delivery (see .env.example) ---
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')),
  LEADS_DATA_DIR: optional(z.string().min(1)).default('./data/pglite'),
  LEADS_WEBHOOK_URL: optional(url),
  // One per lead form (src/lib/lead-forms.ts): LEADS_WEBHOOK_URL_GROWTH_AUDIT, _DEMO, _CONTACT, _ARIA_SIGNUP.
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

  // --- Server only: the chat widget's proxy (POST /api/chat) ---
  CHAT_WEBHOOK_URL: optional(url),
  CHAT_WEBHOOK_HEADER_NAME: optional(headerName),
  CHAT_WEBHOOK_HEADER_VALUE: optional(headerValue),
  // The whole reply, streamed or not, must arrive within CHAT_TIMEOUT_MS; the first byte of its body, and
  // each later piece of a stream, within CHAT_IDLE_TIMEOUT_MS of the one before.
  CHAT_TIMEOUT_MS: optional(integer(1_000, 120_000)).default(20_000),
  CHAT_IDLE_TIMEOUT_MS: optional(integer(500, 120_000)).default(15_000),
  CHAT_RATE_LIMIT_PER_MINUTE: optional(integer(0, 100_000)).default(20),

  // --- Server only: the live voice demo's proxy (POST /api/voice/web-call) ---
  RETELL_API_KEY: optional(z.string().min(8, 'must be at least 8 characters')),
  RETELL_AGENT_ID: optional(z.string().min(1).max(200)),
  RETELL_BASE_URL: optional(url).default('https://api.retellai.com'),
  VOICE_TIMEOUT_MS: optional(integer(1_000, 60_000)).default(10_000),
  VOICE_RATE_LIMIT_PER_MINUTE: optional(integer(0, 100_000)).default(5),

  TRUST_PROXY: optional(flag).default(false),
  LOG_LEVEL: optional(z.enum(['debug', 'info', 'warn', 'error', 'silent'], { error: 'must be debug, info, warn, error or silent' })).default('info'),
  // The build folder (next.config.ts distDir); the test suite builds variants side by side. Default: .next
  NEXT_DIST_DIR: optional(z.string().min(1)).default('.next'),
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
    context.addIssue({ code: 'custom', path: [missing], message: `must be set together with ${name === undefined ? `${prefix}_VALUE` : `${prefix}_NAME`}` });
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

export const env = parseEnv(process.env);
