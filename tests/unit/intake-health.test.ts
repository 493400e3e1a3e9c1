import { describe, expect, it } from 'vitest';
import { intakeErrorWords, intakeNotice } from '@/content/admin';
import { alertEmails } from '@/content/emails';
import { PROBE_EVERY_MS, intakeError } from '@/server/leads/intake-health';
import { DatabaseQueryError } from '@/server/db/errors';
import { alertMessage } from '@/server/outbox/email/compose';

const failed = (code: string, message = 'failed') => new DatabaseQueryError(message, { code });

describe('why leads are refused', () => {
  it("reads PostgreSQL's code, through the chain of causes", () => {
    expect(intakeError(failed('53100'))).toBe('disk_full');
    expect(intakeError(new Error('Failed query', { cause: failed('53100') }))).toBe('disk_full');
    expect(intakeError(failed('53200'))).toBe('out_of_memory');
    expect(intakeError(failed('58030'))).toBe('io_error');
    expect(intakeError(failed('25006'))).toBe('read_only');
    expect(intakeError(failed('57P01'))).toBe('unreachable');
    expect(intakeError(failed('08006'))).toBe('unreachable');
    expect(intakeError(failed('23505'))).toBe('refused');
  });

  it('tells a database that cannot be reached from one that refuses', () => {
    const refusedConnection = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(intakeError(refusedConnection)).toBe('unreachable');
    const opening = Object.assign(new Error('could not open'), {
      name: 'DatabaseUnavailableError',
    });
    expect(intakeError(opening)).toBe('unreachable');
    // An embedded database that could not open for want of room says so (db/client.ts).
    expect(
      intakeError(
        Object.assign(new Error('could not open'), { ...opening, cause: failed('53100') }),
      ),
    ).toBe('disk_full');
    expect(intakeError(new Error("the embedded database's thread stopped (exit code 1)"))).toBe(
      'unreachable',
    );
    expect(intakeError(new Error('something else'))).toBe('refused');
  });
});

describe('the words about refused leads', () => {
  it('give the probe interval the code uses', () => {
    const seconds = `${PROBE_EVERY_MS / 1000} seconds`;
    expect(intakeNotice.help).toContain(seconds);
    expect(alertEmails.intakeFailing.paragraphs.join(' ')).toContain(seconds);
  });

  it('email the agency when leads are refused, and when they are stored again', () => {
    const episode = {
      since: '2026-12-07T15:39:31.397Z',
      refused: 3,
      error: 'disk_full',
    } as const;
    const failing = alertMessage({ kind: 'intake_failing', ...episode });
    expect(failing.subject).toBe('The website is refusing leads: the disk is full');
    expect(failing.text).toContain(
      'Since 2026-12-07 15:39 UTC leads sent through the website’s forms are being refused (3 so far): the disk is full.',
    );
    const recovered = alertMessage({
      kind: 'intake_recovered',
      until: '2026-12-07T15:40:46.408Z',
      ...episode,
    });
    expect(recovered.subject).toBe('The website stores leads again');
    expect(recovered.text).toContain(
      'The website stores leads again since 2026-12-07 15:40 UTC. From 2026-12-07 15:39 UTC it refused leads sent through its forms (3 in all): the disk is full.',
    );
    for (const words of Object.values(intakeErrorWords)) expect(words).toMatch(/^the /);
  });
});
