import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { POST } from '@/app/api/leads/[form]/route';
import { decodeLeadFormErrors } from '@/lib/lead-form-redirect';
import {
  leadRequest,
  postgresUrl,
  freshEnvironment,
  setEnvironment,
  validBodies,
} from './support/helpers';

/**
 * The database cannot be opened: valid leads get 503 (never 500, never a false 201); health: down.
 */

const { dataDir } = await freshEnvironment({});
if (postgresUrl) {
  // Nothing listens on port 1: connection refused.
  setEnvironment({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/leads' });
} else {
  // A file where the data folder's parent should be: the database cannot be created.
  const blocker = path.join(path.dirname(dataDir), 'blocker');
  writeFileSync(blocker, 'not a directory');
  setEnvironment({ LEADS_DATA_DIR: path.join(blocker, 'pglite') });
}

describe('with the database down', () => {
  it('answers a valid lead 503 unavailable', async () => {
    const response = await POST(
      leadRequest('contact', { body: JSON.stringify(validBodies.contact) }),
      { params: Promise.resolve({ form: 'contact' }) },
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: 'unavailable' });
  });

  it('still answers invalid input 422 (validation needs no database)', async () => {
    const response = await POST(leadRequest('contact', { body: '{}' }), {
      params: Promise.resolve({ form: 'contact' }),
    });
    expect(response.status).toBe(422);
  });

  it('redirects a plain form post back to the form with the unavailable code', async () => {
    const response = await POST(
      leadRequest('demo', {
        body: new URLSearchParams(validBodies.demo).toString(),
        contentType: 'application/x-www-form-urlencoded',
        accept: 'text/html',
      }),
      { params: Promise.resolve({ form: 'demo' }) },
    );
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!, 'http://localhost');
    expect(decodeLeadFormErrors(location.searchParams.get('errors'))).toEqual({
      form: 'unavailable',
    });
  });

  it('reports health 503 database down, and the valid leads it refused', async () => {
    const response = await health();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      ok: false,
      database: 'down',
      intake: { storing: false, since: expect.any(String), refused: 2, error: 'unreachable' },
      chat: { configured: false, lastStatus: null, lastError: null, at: null },
    });
  });
});
