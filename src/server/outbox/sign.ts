import 'server-only';
import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signature (https://www.standardwebhooks.com): the receiver
 * recomputes HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}" and
 * compares it with webhook-signature "v1,{base64}". A secret of the form
 * "whsec_{base64}" is used as those decoded bytes (the spec's format, what
 * libraries generate); any other string is used as its UTF-8 bytes.
 */
export function signingKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers for one delivery attempt. */
export function webhookHeaders(leadId: string, body: string, secret: string | undefined, now = Date.now()): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'Idempotency-Key': leadId,
    'User-Agent': 'lead-outbox/1',
  };
  if (secret) {
    const timestamp = Math.floor(now / 1000);
    headers['webhook-id'] = leadId;
    headers['webhook-timestamp'] = String(timestamp);
    headers['webhook-signature'] = sign(secret, leadId, timestamp, body);
  }
  return headers;
}
