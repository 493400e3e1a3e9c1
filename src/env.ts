import { z } from 'zod';

/**
 * The one place that reads process.env. Everything else imports `env` (or the
 * typed `siteConfig` built from it) so a bad value fails the build or the
 * server start with a message naming the variable, instead of a broken page.
 *
 * NEXT_PUBLIC_* values are public by design (they end up in the HTML) and are
 * baked into the prerendered pages at build time: change them, rebuild.
 * Server-only secrets arrive with later features and must never get that prefix.
 */

// An unset variable and an empty one mean the same thing: "use the default".
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const url = z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' });

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
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment configuration (see .env.example):\n${lines.join('\n')}`);
  }
  return result.data;
}

export const env = parseEnv(process.env);
