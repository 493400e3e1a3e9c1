import 'server-only';
import type { Server } from 'node:http';
import type { Auth } from './admin/auth';
import type { ChatWebhookHealth } from './chat/webhook-health';
import type { Database, Db } from './db/client';
import type { MemoryWindows } from './http/rate-limit';
import type { IntakeState } from './leads/intake-health';
import type { MailThread } from './outbox/email/transport';

/**
 * Everything a server process holds for its whole life, in one place. It lives on globalThis, not
 * in module scope, because `next dev` reloads modules and each copy must find the same database,
 * worker and socket. Types only are imported here: no module runs another's code through it.
 */

/** The contract with scripts/server.mjs, which sets `__siteServer` before Next.js loads the app. */
export type SiteServer = {
  /** The header that carries the connection's own address (http/client-address.ts). */
  peerAddressHeader: string;
  /** Run on SIGTERM once requests have finished: deliveries in flight end, the database closes. */
  shutdownHooks: Array<() => Promise<void>>;
  /** Called once the instrumentation hook has started the app: the server listens only then. */
  started?: () => void;
  /** Runs `hook` with the server's origin once it listens (at once if it already does). */
  whenListening?: (hook: (origin: string) => Promise<void>) => void;
};

type ProcessGlobals = {
  __siteServer?: SiteServer;
  /** The database, opened on first use (db/client.ts). */
  __leadsDatabase?: Promise<Database>;
  /** better-auth on that database (admin/auth.ts). */
  __adminAuth?: { db: Db; auth: Promise<Auth> };
  /** The operator commands' socket beside the embedded database (admin/command-socket.ts). */
  __commandSocket?: Server;
  /** The outbox's sweep and the deliveries in flight (outbox/worker.ts). */
  __leadsOutbox?: {
    timer: NodeJS.Timeout | null;
    sweeping: boolean;
    inFlight: Set<Promise<unknown>>;
  };
  /** The day whose digest this process has written (outbox/watchdog.ts). */
  __digestWritten?: string;
  /** The hour whose cap alert this process has written (outbox/autoresponder.ts). */
  __capAlertWritten?: string;
  /** The delivery paths already warned about, and how (outbox/warn-once.ts). */
  __outboxWarned?: Map<string, string>;
  /** The thread that sends email (outbox/email/transport.ts) and its free connections (send.ts). */
  __siteMailThread?: MailThread;
  __mailSlots?: { free: number; waiting: Array<() => void> };
  /** The hourly retention purge's timer (leads/retention.ts). */
  __leadsRetention?: NodeJS.Timeout;
  /** Whether leads are being refused, and the probe that notices their end (leads/intake-health.ts). */
  __intakeHealth?: IntakeState;
  /** The paid services' hours on the embedded database, read by the inbox too (http/rate-limit.ts). */
  __budgetHours?: MemoryWindows;
  /** The chat webhook's last answer in this process (chat/webhook-health.ts). */
  __chatWebhookHealth?: Omit<ChatWebhookHealth, 'configured'>;
};

export const processGlobals = globalThis as typeof globalThis & ProcessGlobals;
