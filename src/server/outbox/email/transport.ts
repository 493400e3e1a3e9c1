import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { env } from '@/env';
import { isLoopbackHost } from '@/lib/loopback';
import { processGlobals } from '@/server/process';

/**
 * The mail server, read from SMTP_URL at each attempt and never stored with a job. Messages go out
 * from mail-thread.mjs over one connection pool per process, so a burst of leads reuses a few
 * connections. At most CONNECTIONS messages are in the pool at once (send.ts holds a slot each), so
 * it never queues one: a queued message could go out after its attempt was recorded as given up.
 */
export const CONNECTIONS = 5;

const THREAD_FILE = path.join(process.cwd(), 'src', 'server', 'outbox', 'email', 'mail-thread.mjs');

/** An address as given, never parsed: a string would be read as a header ("Name <x@y>", comments). */
type Mailbox = { name: string; address: string };

export type OutgoingMail = {
  from: Mailbox;
  to: Mailbox;
  replyTo?: Mailbox;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
};

type Waiting = { resolve: (response: string) => void; reject: (error: Error) => void };
type Reply = { id: number; response?: string; error?: Record<string, unknown> };
type Request = { id: number; url: string; options: Record<string, unknown>; message: OutgoingMail };
export type MailThread = {
  worker: Worker;
  waiting: Map<number, Waiting>;
  nextId: number;
  /** Requests of this turn of the event loop, posted together at its end (one wake-up). */
  outgoing: Request[];
};

const state = processGlobals;

function thread(): MailThread {
  if (state.__siteMailThread) return state.__siteMailThread;
  // Plain Node for a plain module: no loader hooks (tsx, in a command) or conditions inherited.
  const worker = new Worker(THREAD_FILE, { execArgv: [] });
  // An idle mail thread does not keep a process (a command, a test) alive; one sending does.
  worker.unref();
  const current: MailThread = { worker, waiting: new Map(), nextId: 1, outgoing: [] };
  worker.on('message', (replies: Reply[]) => {
    for (const reply of replies) {
      const waiting = current.waiting.get(reply.id);
      current.waiting.delete(reply.id);
      if (reply.error)
        waiting?.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
      else waiting?.resolve(reply.response ?? '250');
    }
    if (current.waiting.size === 0) worker.unref();
  });
  const stop = (error: Error) => {
    if (state.__siteMailThread === current) state.__siteMailThread = undefined;
    for (const waiting of current.waiting.values()) waiting.reject(error);
    current.waiting.clear();
  };
  worker.on('error', (error) => stop(new Error(`the mail thread failed: ${error.message}`)));
  worker.on('exit', (code) => stop(new Error(`the mail thread stopped (exit code ${code})`)));
  state.__siteMailThread = current;
  return current;
}

/** Posts the turn's requests; if they cannot be posted, each fails alone, never the process. */
function post(current: MailThread): void {
  const requests = current.outgoing.splice(0);
  try {
    current.worker.postMessage(requests);
  } catch (error) {
    for (const { id } of requests) {
      current.waiting.get(id)?.reject(error as Error);
      current.waiting.delete(id);
    }
    if (current.waiting.size === 0) current.worker.unref();
  }
}

/**
 * Over smtp:// a password goes only after STARTTLS (as Go's net/smtp does), so a server that does
 * not offer it, or someone in between who removes the offer, never receives it in clear text.
 */
function requiresStartTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  return (
    url.protocol === 'smtp:' &&
    Boolean(url.username || url.password) &&
    // A mail server on this machine: no network between, so nothing to strip STARTTLS from.
    !isLoopbackHost(url.hostname)
  );
}

export function emailConfigured(): boolean {
  return Boolean(env.SMTP_URL);
}

/**
 * Sends one message through SMTP_URL's pool; resolves with the server's answer (250 ...), rejects
 * with nodemailer's error fields (smtp-errors.ts reads them). Throws when email is off.
 */
export function deliverMail(mail: OutgoingMail, timeoutMs: number): Promise<string> {
  const url = env.SMTP_URL;
  if (!url) return Promise.reject(new Error('Email is off: SMTP_URL is not set'));
  const current = thread();
  const id = current.nextId++;
  return new Promise<string>((resolve, reject) => {
    if (current.waiting.size === 0) current.worker.ref();
    current.waiting.set(id, { resolve, reject });
    if (current.outgoing.length === 0) setImmediate(post, current);
    current.outgoing.push({
      id,
      url,
      options: {
        pool: true,
        requireTLS: requiresStartTls(url),
        maxConnections: CONNECTIONS,
        maxMessages: 100,
        idleTimeout: 5_000,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
        disableFileAccess: true,
        disableUrlAccess: true,
      },
      message: mail,
    });
  });
}
