import type { ParsedMail } from 'mailparser';

export type CaughtMessage = {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
  arrivedAt: number;
  /** When its 250 was written; absent for a message that was not accepted. */
  acceptedAt?: number;
};

export type Decision = 'accept' | 'reject' | 'defer' | 'hang';

export type MailCatcher = {
  readonly port: number;
  url(credentials?: { user: string; pass: string } | null): string;
  accepted: CaughtMessage[];
  arrived: CaughtMessage[];
  /** The user name of every AUTH command received, accepted or not. */
  logins: string[];
  decideWith(next: (message: CaughtMessage) => Decision | Promise<Decision>): void;
  requireAuth(credentials: { user: string; pass: string }): void;
  /** Ends the open connections, still listening: the next message logs in again. */
  dropConnections(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

export function startMailCatcher(options?: {
  port?: number;
  host?: string;
  auth?: { user: string; pass: string } | null;
  decide?: (message: CaughtMessage) => Decision | Promise<Decision>;
  onAccepted?: (message: CaughtMessage) => void;
  /** false: accepts every message and keeps none (a bench's mail server). */
  keep?: boolean;
}): Promise<MailCatcher>;

export function closedPort(): Promise<number>;
