import 'server-only';
import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signature: HMAC-SHA256 over "{webhook-id}.{webhook-timestamp}.{body}", sent as
 * "v1,{base64}". The key is the base64 after "whsec_"; src/env.ts accepts no other form, since the
 * standard's own verifiers cannot use one.
 */
export function signingKey(secret: string): Buffer {
  if (!secret.startsWith('whsec_'))
    throw new Error('A Standard Webhooks secret starts with whsec_');
  return Buffer.from(secret.slice('whsec_'.length), 'base64');
}

export function sign(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The headers for one delivery attempt. */
export function webhookHeaders(
  leadId: string,
  body: string,
  secret: string | undefined,
  now = Date.now(),
): Record<string, string> {
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
