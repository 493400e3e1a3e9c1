import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { sign, signingKey, webhookHeaders } from '@/server/outbox/sign';

describe('Standard Webhooks signature', () => {
  it('reproduces the published Standard Webhooks test vector', () => {
    expect(
      sign(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('refuses a secret that is not whsec_<base64> (env.ts never lets one through)', () => {
    expect(() => signingKey('a-plain-shared-secret')).toThrow(/whsec_/);
  });

  it('is what the official standardwebhooks library verifies', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const body = '{"email":"ada@example.com"}';
    const headers = webhookHeaders('lead-42', body, secret);
    expect(new Webhook(secret).verify(body, headers)).toEqual({ email: 'ada@example.com' });
    expect(() => new Webhook(secret).verify(body.replace('ada', 'eve'), headers)).toThrow(
      /No matching signature/,
    );
  });

  it('changes when any signed part changes', () => {
    const base = sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'id', 100, '{"a":1}');
    expect(sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'id2', 100, '{"a":1}')).not.toBe(base);
    expect(sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'id', 101, '{"a":1}')).not.toBe(base);
    expect(sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'id', 100, '{"a":2}')).not.toBe(base);
  });
});

describe('webhookHeaders', () => {
  it('sends JSON headers and the lead id as Idempotency-Key, unsigned without a secret', () => {
    const headers = webhookHeaders('lead-1', '{}', undefined, 1_700_000_000_000);
    expect(headers).toMatchObject({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Idempotency-Key': 'lead-1',
    });
    expect(headers).not.toHaveProperty('webhook-signature');
  });

  it('adds webhook-id, webhook-timestamp (seconds) and a verifiable signature with a secret', () => {
    const headers = webhookHeaders(
      'lead-1',
      '{"x":1}',
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      1_700_000_000_999,
    );
    expect(headers['webhook-id']).toBe('lead-1');
    expect(headers['webhook-timestamp']).toBe('1700000000');
    expect(headers['webhook-signature']).toBe(
      sign('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'lead-1', 1_700_000_000, '{"x":1}'),
    );
  });
});
