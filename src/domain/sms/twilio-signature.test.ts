import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { twilioSignature, validTwilioSignature } from './twilio-signature.ts';

// The `twilio` package is the reference: our check must accept what it signs and refuse what it refuses.
const token = '12345678901234567890123456789012';

const cases: { url: string; params: Record<string, string | string[]> }[] = [
  { url: 'https://review.example/api/webhooks/twilio/status?sms=42', params: { MessageSid: 'SM1', MessageStatus: 'delivered', AccountSid: 'AC1' } },
  { url: 'https://review.example/api/webhooks/twilio/inbound', params: { Body: 'Stop — thanks 😀', From: '+61412345678', To: '+61400000000' } },
  { url: 'http://localhost:4321/api/webhooks/twilio/status?sms=1&x=y', params: { Empty: '', Many: ['b', 'a', 'b'] } },
  { url: 'https://review.example/api/webhooks/twilio/status', params: {} },
];

describe('Twilio signatures', () => {
  it('are what the twilio package computes', () => {
    for (const { url, params } of cases) expect(twilioSignature(token, url, params), url).toBe(twilio.getExpectedTwilioSignature(token, url, params));
  });

  it('are accepted as twilio.validateRequest accepts them, with or without the default port', () => {
    for (const { url, params } of cases) {
      const signature = twilio.getExpectedTwilioSignature(token, url, params);
      expect(validTwilioSignature(token, signature, url, params)).toBe(true);
      expect(twilio.validateRequest(token, signature, url, params)).toBe(true);
    }
    const withPort = 'https://review.example:443/api/webhooks/twilio/inbound';
    const signed = twilio.getExpectedTwilioSignature(token, withPort, { Body: 'STOP' });
    expect(validTwilioSignature(token, signed, 'https://review.example/api/webhooks/twilio/inbound', { Body: 'STOP' })).toBe(true);
  });

  it('refuse a wrong token, a changed parameter, another URL and no signature', () => {
    const { url, params } = cases[0]!;
    const signature = twilio.getExpectedTwilioSignature(token, url, params);
    expect(validTwilioSignature('x'.repeat(32), signature, url, params)).toBe(false);
    expect(validTwilioSignature(token, signature, url, { ...params, MessageStatus: 'failed' })).toBe(false);
    expect(validTwilioSignature(token, signature, `${url}0`, params)).toBe(false);
    expect(validTwilioSignature(token, null, url, params)).toBe(false);
    expect(validTwilioSignature(token, 'garbage', url, params)).toBe(false);
  });

  it("accept the example of Twilio's own libraries (twilio-php's RequestValidatorTest)", () => {
    const params = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(validTwilioSignature('12345', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', url, params)).toBe(true);
    expect(validTwilioSignature('12345', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', 'https://mycompany.com:443/myapp.php?foo=1&bar=2', params)).toBe(true);
    expect(validTwilioSignature('12345', 'RSOYDt4T1cUTdK1PDd93/VVr8B8=', 'https://mycompany.com/myapp.php?foo=1&bar=3', params)).toBe(false);
  });

  it('agree with twilio.validateRequest on every pairing of the URL signed and the URL received', () => {
    const forms = [
      'https://review.example/api/webhooks/twilio/status?sms=42',
      'https://review.example:443/api/webhooks/twilio/status?sms=42',
      'https://review.example:8443/api/webhooks/twilio/status?sms=42',
      'http://review.example/api/webhooks/twilio/status',
      'http://review.example:80/api/webhooks/twilio/status',
      'http://127.0.0.1:4321/api/webhooks/twilio/inbound',
      'http://[::1]:4321/api/webhooks/twilio/inbound',
      'http://[::1]/api/webhooks/twilio/inbound',
      "https://review.example/api/webhooks/twilio/status?name=O'Brien",
      'https://review.example/api/webhooks/twilio/status?name=O%27Brien',
      'https://review.example/api/webhooks/twilio/status?a=1&a=2&b=%20c',
      'https://review.example/api/webhooks/twilio/status?q=caf%C3%A9&x=a+b',
      'https://REVIEW.example/api/webhooks/twilio/status?sms=42',
      'https://user@review.example/api/webhooks/twilio/status',
      'https://review.example/api/webhooks/twilio/status?',
      'https://review.example/api/webhooks/twilio/status#part',
    ];
    const params = { MessageSid: 'SM1', MessageStatus: 'delivered' };
    const differing: string[] = [];
    for (const signedUrl of forms) {
      const signature = twilio.getExpectedTwilioSignature(token, signedUrl, params);
      for (const receivedUrl of forms) {
        const theirs = twilio.validateRequest(token, signature, receivedUrl, params);
        if (validTwilioSignature(token, signature, receivedUrl, params) !== theirs)
          differing.push(`${signedUrl} received as ${receivedUrl}: twilio says ${theirs}`);
      }
    }
    expect(differing).toEqual([]);
  });
});
