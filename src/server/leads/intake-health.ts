import 'server-only';
import { randomUUID } from 'node:crypto';
import type { intakeErrorWords } from '@/content/admin';
import { env } from '@/env';
import { isDatabaseUnavailable } from '@/server/db/client';
import { describeError, log } from '@/server/log';
import { alertMessage, type AlertPayload } from '@/server/outbox/email/compose';
import { sendEmail } from '@/server/outbox/email/send';
import { alertRecipients } from '@/server/outbox/targets';
import { processGlobals } from '@/server/process';
import { probeLeadWrite } from './accept-lead';

/**
 * Whether this process can store leads. A disk that fills, a database gone read-only or away:
 * visitors are then refused (503) while reads, and so a plain health check, still work. From the
 * first refused lead the site probes the write every PROBE_EVERY_MS, and only a probe ends the
 * failure: on a nearly full disk a small lead may still fit between refused ones. A failure that
 * lasts ALERT_AFTER_MS is emailed to the agency straight from this process (the outbox is in the
 * database that cannot be written), and so is its end.
 */

/** Why leads cannot be stored, as a code (public in /api/health) the inbox puts in words. */
export type IntakeError = keyof typeof intakeErrorWords;

export type IntakeHealth =
  | { storing: true }
  | {
      storing: false;
      /** When the first lead was refused (ISO 8601). */
      since: string;
      /** Leads refused since then, by this process. */
      refused: number;
      error: IntakeError;
    };

export type IntakeState = {
  failing: {
    since: Date;
    refused: number;
    error: IntakeError;
    alerted: boolean;
    /** A probe is under way: the timer's and a caller's do not overlap. */
    checking: boolean;
  } | null;
  probe: NodeJS.Timeout | null;
};

export const PROBE_EVERY_MS = 15_000;
export const ALERT_AFTER_MS = 60_000;

const state = processGlobals;
const intake = (): IntakeState => (state.__intakeHealth ??= { failing: null, probe: null });

/** PostgreSQL's SQLSTATE (or a socket's code) anywhere in the error's chain of causes. */
function errorCode(error: unknown): string | null {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

/** SQLSTATE class 22: a value the database cannot take (a NUL, an invalid escape), not its failure. */
export function isDataException(error: unknown): boolean {
  return errorCode(error)?.startsWith('22') ?? false;
}

export function intakeError(error: unknown): IntakeError {
  const code = errorCode(error);
  if (code === '53100') return 'disk_full';
  if (code === '53200') return 'out_of_memory';
  if (code === '25006') return 'read_only';
  if (code?.startsWith('58')) return 'io_error';
  if (isDatabaseUnavailable(error) || (code && /^(08|57P|E[A-Z]+)/.test(code)))
    return 'unreachable';
  // The embedded database's thread stopped: it opens again on the next statement.
  if (/embedded database/.test(describeError(error))) return 'unreachable';
  return 'refused';
}

/** Emails every alert address; never throws (a lost alert is logged, not retried). */
async function alertAgency(payload: AlertPayload): Promise<void> {
  const email = alertMessage(payload);
  for (const to of alertRecipients()) {
    const result = await sendEmail(randomUUID(), to, email, env.LEADS_WEBHOOK_TIMEOUT_MS);
    if (!result.ok)
      log('warn', 'lead.intake_alert_not_sent', { kind: payload.kind, error: result.words });
  }
}

function stopProbing(): void {
  const current = intake();
  if (current.probe) clearInterval(current.probe);
  current.probe = null;
}

function recovered(now: Date): void {
  const { failing } = intake();
  if (!failing) return;
  intake().failing = null;
  stopProbing();
  log('info', 'lead.intake_recovered', {
    since: failing.since.toISOString(),
    refused: failing.refused,
  });
  if (failing.alerted)
    void alertAgency({
      kind: 'intake_recovered',
      since: failing.since.toISOString(),
      until: now.toISOString(),
      refused: failing.refused,
      error: failing.error,
    });
}

/** A valid lead could not be stored; the visitor is answered 503. */
export function noteLeadRefused(error: unknown, now = new Date()): void {
  const current = intake();
  const code = intakeError(error);
  if (current.failing) {
    current.failing.refused += 1;
    current.failing.error = code;
    return;
  }
  current.failing = { since: now, refused: 1, error: code, alerted: false, checking: false };
  log('error', 'lead.intake_failing', { error: code });
  current.probe = setInterval(() => void checkIntake(), PROBE_EVERY_MS);
  current.probe.unref();
}

/**
 * While leads are refused: tries the write again (a lead row, rolled back), ends the failure when
 * it works, and alerts the agency once the failure has lasted ALERT_AFTER_MS.
 */
export async function checkIntake(now = new Date()): Promise<void> {
  const { failing } = intake();
  if (!failing || failing.checking) return;
  failing.checking = true;
  let works = true;
  try {
    await probeLeadWrite();
  } catch (error) {
    works = false;
    failing.error = intakeError(error);
  } finally {
    failing.checking = false;
  }
  if (intake().failing !== failing) return;
  if (works) return recovered(now);
  if (failing.alerted || now.getTime() - failing.since.getTime() < ALERT_AFTER_MS) return;
  failing.alerted = true;
  await alertAgency({
    kind: 'intake_failing',
    since: failing.since.toISOString(),
    refused: failing.refused,
    error: failing.error,
  });
}

export function intakeHealth(): IntakeHealth {
  const { failing } = intake();
  return failing
    ? {
        storing: false,
        since: failing.since.toISOString(),
        refused: failing.refused,
        error: failing.error,
      }
    : { storing: true };
}
