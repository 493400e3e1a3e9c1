import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runLeadsCommand } from '../integration/support/leads-command';
import { formWithButton, signInThrough, submit } from './support/inbox-forms';
import { BASE_PORT, killAll, startInstance, type Instance } from './support/instance';

/**
 * Operator sessions live in the database, so any instance honours any session: two production
 * servers on one PostgreSQL server; signed in on A, B serves the inbox to A's cookie, and signing
 * out on B ends the session on A too.
 */

const OPERATOR = 'scale-operator@agency.example';
const PASSWORD = 'a passphrase for two instances';
const postgresUrl = inject('postgresUrl');
const instances: Instance[] = [];

const origin = (instance: Instance) => `http://127.0.0.1:${instance.port}`;
/** GET `path` on an instance with the cookie, not following redirects. */
const get = (instance: Instance, path: string, cookie: string) =>
  fetch(`${origin(instance)}${path}`, { headers: { cookie }, redirect: 'manual' });

describe.skipIf(!postgresUrl)('an operator session across two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    const database = `scale_sessions_${process.pid}`;
    const admin = new pg.Client({ connectionString: `${postgresUrl}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const env = { DATABASE_URL: `${postgresUrl}/${database}`, LEADS_WORKER: '0' };
    instances.push(
      ...(await Promise.all([
        startInstance(BASE_PORT + 16, env),
        startInstance(BASE_PORT + 17, env),
      ])),
    );
    const added = await runLeadsCommand(
      ['add-operator', OPERATOR],
      { ...env, LOG_LEVEL: 'warn' },
      `${PASSWORD}\n`,
    );
    expect(added).toMatchObject({
      code: 0,
      stdout: `${OPERATOR} can now sign in at /admin/sign-in\n`,
    });
  }, 120_000);

  afterAll(() => killAll());

  it('is honoured by the other instance, and signing out there ends it on the first', async () => {
    const [a, b] = instances as [Instance, Instance];
    const { cookie, response } = await signInThrough(origin(a), OPERATOR, PASSWORD);
    expect(response.status).toBe(303);
    expect(cookie).toMatch(/session_token=/);

    // B has never seen this operator sign in: it finds the session in the database.
    const inboxOnB = await get(b, '/admin', cookie);
    expect(inboxOnB.status).toBe(200);
    const html = await inboxOnB.text();
    expect(html).toContain('<h1 class="text-2xl font-bold text-ink-900">Leads</h1>');
    expect(html).toContain(`Signed in as ${OPERATOR}`);
    expect((await get(a, '/admin', cookie)).status).toBe(200);

    // Sign out on B, with the form (and its anti-forgery token) B's page serves.
    const signOut = await submit(
      origin(b),
      '/admin',
      formWithButton(html, 'Sign out'),
      'Sign out',
      {},
      {
        cookie,
      },
    );
    expect(signOut.status).toBe(303);
    expect(signOut.headers.get('location')).toBe('/admin/sign-in');

    // A no longer knows the cookie: its pages send it to sign in, and say the session ended.
    for (const instance of [a, b]) {
      const page = await get(instance, '/admin', cookie);
      expect(page.status).toBe(307);
      expect(page.headers.get('location')).toBe('/admin/sign-in?next=%2Fadmin');
      expect(await (await get(instance, '/admin/sign-in?next=%2Fadmin', cookie)).text()).toContain(
        'Your session ended. Please sign in again.',
      );
    }
  });
});
