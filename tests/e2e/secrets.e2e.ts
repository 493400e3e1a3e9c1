import { readFileSync } from 'node:fs';
import path from 'node:path';
import { shippedFiles } from '@/lib/build-manifest';
import { routes } from '../../src/content/routes';
import testEnv from './support/test-env.json' with { type: 'json' };
import { E2E_ENV } from './support/servers';
import { builtSite, expect, startupScriptUrls, test } from './support/fixtures';

/**
 * No server secret reaches the browser: the test builds have every secret set (run-time ones and
 * build-only canaries), and the client bundle, the prerendered pages and every page as served are
 * searched for each, raw and URL-encoded.
 */

const secretNames = [
  'DATABASE_URL',
  'LEADS_WEBHOOK_URL',
  'LEADS_WEBHOOK_URL_GROWTH_AUDIT',
  'LEADS_WEBHOOK_SECRET',
  'LEADS_WEBHOOK_HEADER_VALUE',
  'CHAT_WEBHOOK_URL',
  'CHAT_WEBHOOK_HEADER_VALUE',
  'RETELL_API_KEY',
  'SMTP_URL',
  'LEADS_NOTIFY_CHAT_URL',
] as const;
const values = { ...testEnv.main, ...testEnv.buildOnlySecrets } as Record<string, string>;
const secrets = secretNames.map((name) => ({ name, value: values[name]! }));

function needles(value: string): string[] {
  const parts = [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)];
  // Secrets with a distinctive inner part (a password, a key's body) are searched for that too.
  const url = /^[a-z]+:\/\//.test(value) ? new URL(value) : null;
  if (url?.password) parts.push(url.password);
  if (url && url.pathname.length > 8) parts.push(url.pathname);
  if (value.startsWith('whsec_')) parts.push(value.slice('whsec_'.length));
  return [...new Set(parts)];
}

test('every secret is really set for the test builds', () => {
  for (const { name, value } of secrets) expect(value, name).toMatch(/.{16,}/);
});

test('the client bundle and the prerendered pages contain no server secret', () => {
  const shipped = shippedFiles(builtSite()).map((file) => path.join(E2E_ENV.NEXT_DIST_DIR, file));
  expect(shipped.length).toBeGreaterThan(50);
  const leaks: string[] = [];
  for (const file of shipped) {
    const text = readFileSync(file, 'latin1');
    for (const { name } of secrets)
      for (const needle of needles(values[name]!))
        if (text.includes(needle)) leaks.push(`${name} in ${file}`);
  }
  expect(leaks).toEqual([]);
});

test('no page as served, nor any script it loads, contains a server secret', async ({
  request,
}) => {
  const scripts = new Set<string>();
  const leaks: string[] = [];
  const check = (where: string, text: string) => {
    for (const { name, value } of secrets)
      for (const needle of needles(value))
        if (text.includes(needle)) leaks.push(`${name} in ${where}`);
  };
  for (const route of [...routes.map((entry) => entry.path), '/this-page-does-not-exist']) {
    check(route, await (await request.get(route)).text());
    for (const src of startupScriptUrls(route, { noModule: true })) scripts.add(src);
  }
  for (const src of scripts) check(src, await (await request.get(src)).text());
  expect(scripts.size).toBeGreaterThan(3);
  expect(leaks).toEqual([]);
});
