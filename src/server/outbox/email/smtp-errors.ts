import 'server-only';
import { smtpErrorWords } from '@/content/admin';

/**
 * What went wrong with an SMTP attempt, in words an agency understands: either the mail server or
 * its settings (`path`: counted in delivery health) or one message, such as a refused recipient.
 */

type SmtpErrorKind = keyof typeof smtpErrorWords;

export type SmtpFailure = {
  kind: SmtpErrorKind;
  /** An agency-facing sentence, without addresses: for health, alerts and logs. */
  words: string;
  /** The server's own answer, when it gave one (kept with the attempt, never logged). */
  reply: string | null;
  /** The job ends at once ('failed'): retrying sends the same message to the same refusal. */
  permanent: boolean;
  /** The mail server or SMTP_URL is wrong: counted in delivery health, warned about once. */
  path: boolean;
};

const CERTIFICATE =
  /certificate|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS_CERT_ALTNAME/i;

type NodemailerError = Error & {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  cause?: unknown;
};

function codesOf(error: NodemailerError): string {
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return [error.code, error.message, cause?.code, cause?.message].filter(Boolean).join(' ');
}

function kindOf(error: NodemailerError): SmtpErrorKind {
  const text = codesOf(error);
  const status = error.responseCode ?? 0;
  const command = (error.command ?? '').toUpperCase();
  if (error.code === 'EAUTH' || command.startsWith('AUTH')) return 'auth';
  if (CERTIFICATE.test(text)) return 'certificate';
  if (/ECONNREFUSED/.test(text)) return 'refused';
  if (command === 'STARTTLS' && status >= 400) return 'starttls';
  if (/ENOTFOUND|EAI_AGAIN|EDNS/.test(text)) return 'dns';
  if (/ETLS|wrong version number|SSL routines|EPROTO\b/i.test(text)) return 'tls';
  if (/ETIMEDOUT|timeout|timed out/i.test(text)) return 'timeout';
  if (status >= 400 && status < 500) return 'temporary';
  if (status >= 500 && command.startsWith('MAIL')) return 'sender';
  if (status >= 500 && command.startsWith('RCPT')) return 'recipient';
  if (status >= 500) return 'rejected';
  // Connected, then cut off (a restart or an idle limit at the provider): not a refusal.
  if (/ECONNRESET|ESOCKET|ECONNECTION|EPIPE|socket|closed unexpectedly/i.test(text))
    return 'dropped';
  return 'other';
}

const PATH_KINDS = new Set<SmtpErrorKind>([
  'auth',
  'refused',
  'dropped',
  'certificate',
  'dns',
  'tls',
  'starttls',
  'timeout',
  'sender',
  'temporary',
  'other',
]);

export function describeSmtpError(error: unknown): SmtpFailure {
  const failure = (error instanceof Error ? error : new Error(String(error))) as NodemailerError;
  const kind = kindOf(failure);
  const reply = failure.response ? failure.response.slice(0, 500) : null;
  const code = failure.responseCode ? ` (${failure.responseCode})` : '';
  return {
    kind,
    words: `${smtpErrorWords[kind]}${code}`,
    reply,
    permanent: kind === 'recipient' || kind === 'rejected',
    path: PATH_KINDS.has(kind),
  };
}

/** Every connection to the mail server stayed busy past the deadline: retried, not its failure. */
export function busyFailure(): SmtpFailure {
  return { kind: 'busy', words: smtpErrorWords.busy, reply: null, permanent: false, path: false };
}

export function timeoutFailure(): SmtpFailure {
  return {
    kind: 'timeout',
    words: smtpErrorWords.timeout,
    reply: null,
    permanent: false,
    path: true,
  };
}
