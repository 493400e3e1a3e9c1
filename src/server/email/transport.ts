import 'server-only';
import nodemailer from 'nodemailer';
import { env } from '@/env';

/**
 * The mail server, read from SMTP_URL in this process at each attempt and never stored with a job.
 * One pooled connection set per process: a burst of leads reuses a few connections instead of a
 * handshake per message; a connection idle for 5 s closes, so a command's process can exit. TLS
 * certificates are verified (Node's default; SMTP_URL accepts no options that turn it off).
 *
 * At most CONNECTIONS messages are handed to the pool at once (send.ts holds a slot until the pool
 * is done with the message), so the pool never queues one: a message queued there could still go
 * out after its attempt was given up and recorded, and be sent twice.
 */
export const CONNECTIONS = 5;

export type Mailer = ReturnType<typeof nodemailer.createTransport>;

const state = globalThis as typeof globalThis & {
  __siteMailer?: { url: string; mailer: Mailer };
};

export function emailConfigured(): boolean {
  return Boolean(env.SMTP_URL);
}

/** The pooled transport for SMTP_URL; null when email is off. */
export function mailer(timeoutMs: number): Mailer | null {
  const url = env.SMTP_URL;
  if (!url) return null;
  if (state.__siteMailer?.url === url) return state.__siteMailer.mailer;
  const mailer = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: CONNECTIONS,
    maxMessages: 100,
    idleTimeout: 5_000,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  state.__siteMailer = { url, mailer };
  return mailer;
}

/** Closes the pool's connections (shutdown, the end of a command). */
export function closeMailer(): void {
  state.__siteMailer?.mailer.close();
  state.__siteMailer = undefined;
}
