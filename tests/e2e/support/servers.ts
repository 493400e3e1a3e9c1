import testEnv from './test-env.json' with { type: 'json' };
import { chromiumFlags, chromiumPath } from '../../../scripts/lib/chromium.mjs';

/**
 * The environments of the test builds and the dev server, shared with build-test-sites.mjs through
 * test-env.json. Every variable is set, so a developer's .env cannot leak into a build.
 */
// E2E_PORT / E2E_DIST_DIR let several suites run side by side on one machine.
export const PORTS = {
  main: Number(process.env.E2E_PORT) || testEnv.ports.main,
  gtm: testEnv.ports.gtm,
  dev: Number(process.env.E2E_DEV_PORT) || testEnv.ports.dev,
};
const mainDist = process.env.E2E_DIST_DIR || testEnv.main.NEXT_DIST_DIR;
// Each server's embedded database is in its build folder: never shared, empty with every build.
export const E2E_ENV = {
  ...testEnv.main,
  NEXT_DIST_DIR: mainDist,
  LEADS_DATA_DIR: `${mainDist}/e2e-leads-db`,
};
// `next dev` in a build folder of its own, so it never touches a production build.
const devDist = '.next-dev-test';
export const DEV_ENV = {
  ...testEnv.main,
  NEXT_DIST_DIR: devDist,
  LEADS_DATA_DIR: `${devDist}/leads-db`,
  NODE_ENV: 'development',
  NEXT_TELEMETRY_DISABLED: '1',
};
export const GTM_ENV = {
  ...testEnv.main,
  ...testEnv.gtm,
  LEADS_DATA_DIR: `${testEnv.gtm.NEXT_DIST_DIR}/e2e-leads-db`,
};

export const SITE_URL = E2E_ENV.NEXT_PUBLIC_SITE_URL;
export const APP_URL = E2E_ENV.NEXT_PUBLIC_APP_URL;
export const BRAND = E2E_ENV.NEXT_PUBLIC_BRAND_NAME;
export const LINKEDIN_URL = E2E_ENV.NEXT_PUBLIC_SOCIAL_LINKEDIN;
export const GTM_ID = testEnv.gtm.NEXT_PUBLIC_GTM_ID;

/** Loopback ports of the stand-ins for outside services, started by the tests that need them. */
export const CHAT_WEBHOOK_PORT = testEnv.ports.chatWebhook;
export const VOICE_PROVIDER_PORT = testEnv.ports.voiceProvider;
/** The contact form's lead webhook (LEADS_WEBHOOK_URL_CONTACT); the inbox tests answer it. */
export const LEAD_RECEIVER_PORT = testEnv.ports.leadReceiver;
export const RETELL_API_KEY = testEnv.main.RETELL_API_KEY;
export const RETELL_AGENT_ID = testEnv.main.RETELL_AGENT_ID;
/** Where the main server sends email (SMTP_URL): the mail tests run a catcher there. */
export const MAIL_PORT = testEnv.ports.mail;
const smtpUrl = new URL(testEnv.main.SMTP_URL);
export const SMTP_AUTH = {
  user: decodeURIComponent(smtpUrl.username),
  pass: decodeURIComponent(smtpUrl.password),
};
export const NOTIFY_TO = testEnv.main.LEADS_NOTIFY_TO;

/** Debian's Chromium as every browser suite launches it (scripts/lib/chromium.mjs). */
export const chromiumLaunchOptions = (extraArgs: string[] = []) => ({
  executablePath: chromiumPath,
  args: [...chromiumFlags, ...extraArgs],
});
