import 'server-only';
import { healthWords } from '@/content/emails';
import { pathWorked, warnOnce } from '@/server/outbox/warn-once';
import type { ComposedEmail } from './compose';
import { describeSmtpError, timeoutFailure, type SmtpFailure } from './smtp-errors';
import { mailer, messageId, sender } from './transport';

/**
 * One SMTP attempt for one outbox job: one recipient, the job's stable Message-ID, a deadline.
 * Accepted means the server answered 250 to the message; its answer is kept with the attempt.
 *
 * What remains possible: a server that accepted the message but whose answer did not reach us in
 * time (the deadline, a dropped connection, a crash between its 250 and our record) gets the same
 * message again on the next attempt, with the same Message-ID, which mail clients and providers use
 * to recognise the copy.
 */

export type EmailResult =
  | { ok: true; reply: string }
  | { ok: false; off: true; words: string }
  | ({ ok: false; off?: false } & SmtpFailure);

const misconfigured = (failure: SmtpFailure) =>
  warnOnce('email', failure.kind, 'email.misconfigured', { error: failure.words });

export async function sendEmail(
  jobId: string,
  to: string,
  email: ComposedEmail,
  timeoutMs: number,
): Promise<EmailResult> {
  const transport = mailer(timeoutMs);
  if (!transport) {
    warnOnce('email', 'off', 'email.off', { hint: healthWords.emailOff });
    return { ok: false, off: true, words: healthWords.emailOff };
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const sent = transport.sendMail({
      from: sender(),
      to,
      replyTo: email.replyTo,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: messageId(jobId),
      headers: { 'Auto-Submitted': 'auto-generated' },
    });
    // A late answer after the deadline is nobody's to handle; it must not be an unhandled rejection.
    sent.catch(() => undefined);
    const outcome = await Promise.race([sent, deadline]);
    if (outcome === 'timeout') {
      const failure = timeoutFailure();
      misconfigured(failure);
      return { ok: false, ...failure };
    }
    pathWorked('email');
    return { ok: true, reply: String(outcome.response ?? '250').slice(0, 500) };
  } catch (error) {
    const failure = describeSmtpError(error);
    if (failure.path) misconfigured(failure);
    return { ok: false, ...failure };
  } finally {
    clearTimeout(timer);
  }
}
