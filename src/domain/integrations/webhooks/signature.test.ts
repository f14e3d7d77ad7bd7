import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signWebhook, webhookHeaders } from './signature.ts';

describe('webhook signatures', () => {
  it('makes whsec_ secrets of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it('verifies with the Standard Webhooks reference implementation', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: 'review.created', timestamp: new Date().toISOString(), data: { id: 1, reviewer: 'Zoë' } });
    const headers = webhookHeaders(secret, 'msg_2b8f', body);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('is refused by the reference implementation when the body, id or secret differ', () => {
    const secret = generateWebhookSecret();
    const body = '{"type":"request.logged"}';
    const headers = webhookHeaders(secret, 'msg_1', body);
    expect(() => new Webhook(secret).verify('{"type":"request.logged "}', headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('matches the Standard Webhooks specification example', () => {
    // From the standard-webhooks repository's spec and test vectors.
    expect(signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });
});
