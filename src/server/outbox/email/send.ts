import 'server-only';
import { healthWords } from '@/content/emails';
import { pathWorked, warnOnce } from '@/server/outbox/warn-once';
import type { ComposedEmail } from './compose';
import { busyFailure, describeSmtpError, timeoutFailure, type SmtpFailure } from './smtp-errors';
import { messageId, sender } from './sender';
import { CONNECTIONS, deliverMail, emailConfigured } from './transport';
import { processGlobals } from '@/server/process';

/**
 * One SMTP attempt for one outbox job: one recipient, a deadline, the job's stable Message-ID, so
 * a message sent again after its 250 was lost (timeout, dropped connection, crash) is recognised.
 */

export type EmailResult =
  | { ok: true; reply: string }
  | { ok: false; off: true; words: string }
  | ({ ok: false; off?: false } & SmtpFailure);

// Slots for messages handed to the pool, released when the pool has finished with the message.
const slots = processGlobals;
const pool = (slots.__mailSlots ??= { free: CONNECTIONS, waiting: [] });

/** Takes a slot, or gives up when `deadline` wins (false: nothing was handed to the pool). */
async function takeSlot(deadline: Promise<'timeout'>): Promise<boolean> {
  if (pool.free > 0) {
    pool.free -= 1;
    return true;
  }
  let granted = false;
  let resolve!: () => void;
  const turn = new Promise<void>((done) => (resolve = done));
  const waiter = () => {
    granted = true;
    resolve();
  };
  pool.waiting.push(waiter);
  await Promise.race([turn, deadline]);
  if (!granted) pool.waiting.splice(pool.waiting.indexOf(waiter), 1);
  return granted;
}

function releaseSlot(): void {
  const next = pool.waiting.shift();
  if (next) next();
  else pool.free += 1;
}

const misconfigured = (failure: SmtpFailure) =>
  warnOnce('email', failure.kind, 'email.misconfigured', { error: failure.words });

export async function sendEmail(
  jobId: string,
  to: string,
  email: ComposedEmail,
  timeoutMs: number,
): Promise<EmailResult> {
  if (!emailConfigured()) {
    warnOnce('email', 'off', 'email.off', { hint: healthWords.emailOff });
    return { ok: false, off: true, words: healthWords.emailOff };
  }
  const timers: NodeJS.Timeout[] = [];
  const deadline = () =>
    new Promise<'timeout'>((resolve) => {
      timers.push(setTimeout(() => resolve('timeout'), timeoutMs));
    });
  try {
    // A wait for a connection says nothing of the mail server: a backlog on a slow but working
    // server must not mark it failing. The message then gets a whole deadline of its own.
    if (!(await takeSlot(deadline()))) return { ok: false, ...busyFailure() };
    const sent = deliverMail(
      {
        from: sender(),
        to: { name: '', address: to },
        replyTo: email.replyTo ? { name: '', address: email.replyTo } : undefined,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId: messageId(jobId),
        headers: { 'Auto-Submitted': 'auto-generated' },
      },
      timeoutMs,
    );
    // The slot is the pool's until it is done with the message, answered or not.
    void sent.then(releaseSlot, releaseSlot);
    const outcome = await Promise.race([sent, deadline()]);
    if (outcome === 'timeout') {
      const failure = timeoutFailure();
      misconfigured(failure);
      return { ok: false, ...failure };
    }
    pathWorked('email');
    return { ok: true, reply: outcome.slice(0, 500) };
  } catch (error) {
    const failure = describeSmtpError(error);
    if (failure.path) misconfigured(failure);
    return { ok: false, ...failure };
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}
