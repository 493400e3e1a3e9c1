import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, leadsCommand, postgresUrl, startInstance, stopInstances, type Instance } from './support/instances';

/**
 * Operator sessions live in the database, so any instance honours any session: two `next start`
 * instances of the production build on one PostgreSQL server, an operator added from the command line,
 * signed in on A; B serves the inbox to A's cookie, and signing out on B ends the session on A too.
 */

const OPERATOR = 'scale-operator@agency.example';
const PASSWORD = 'a passphrase for two instances';
const instances: Instance[] = [];

/** GET `path` on an instance with the cookie, not following redirects. */
const get = (instance: Instance, path: string, cookie: string) => fetch(`${instance.origin}${path}`, { headers: { cookie }, redirect: 'manual' });

describe.skipIf(!postgresUrl)('an operator session across two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const databaseUrl = await createDatabase(`scale_sessions_${process.pid}`);
    const env = { DATABASE_URL: databaseUrl, LEADS_WORKER: '0', LOG_LEVEL: 'warn' };
    instances.push(...(await Promise.all([startInstance(3153, env), startInstance(3154, env)])));
    const added = await leadsCommand(['add-operator', OPERATOR], { DATABASE_URL: databaseUrl }, `${PASSWORD}\n`);
    expect(added).toMatchObject({ code: 0, stdout: `${OPERATOR} can now sign in at /admin/sign-in\n` });
  }, 120_000);

  afterAll(() => stopInstances(instances));

  it('is honoured by the other instance, and signing out there ends it on the first', async () => {
    const [a, b] = instances as [Instance, Instance];
    const signIn = await fetch(`${a.origin}/api/admin/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: OPERATOR, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0]!)
      .join('; ');
    expect(cookie).toMatch(/session_token=/);

    // B has never seen this operator sign in: it finds the session in the database.
    const inboxOnB = await get(b, '/admin', cookie);
    expect(inboxOnB.status).toBe(200);
    const html = await inboxOnB.text();
    expect(html).toContain('<h1 class="text-2xl font-bold text-ink-900">Leads</h1>');
    expect(html).toContain(`Signed in as ${OPERATOR}`);
    expect((await get(a, '/admin', cookie)).status).toBe(200);

    // Sign out on B, with the session's anti-forgery token from B's page.
    const csrf = /<input type="hidden" name="csrf" value="([^"]+)"/.exec(html)?.[1];
    expect(csrf).toBeTruthy();
    const signOut = await fetch(`${b.origin}/api/admin/sign-out`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': csrf! },
      body: '{}',
    });
    expect(signOut.status).toBe(200);
    expect(await signOut.json()).toEqual({ ok: true });

    // A no longer knows the cookie: its pages send it to sign in, its endpoints answer 401.
    for (const instance of [a, b]) {
      const page = await get(instance, '/admin', cookie);
      expect(page.status).toBe(307);
      expect(page.headers.get('location')).toBe('/admin/sign-in?error=expired&next=%2Fadmin');
      expect((await get(instance, '/api/admin/leads.csv', cookie)).status).toBe(401);
    }
  });
});
