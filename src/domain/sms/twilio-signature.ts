import { createHmac, timingSafeEqual } from 'node:crypto';

// X-Twilio-Signature: base64 HMAC-SHA1, keyed with the account's auth token, over the URL Twilio
// called followed by each POST parameter's name and value, sorted by name (a repeated parameter: its
// distinct values, sorted). The `twilio` package's validateRequest is the reference the tests hold
// this to; like it, the URL is tried as called, without and with the scheme's default port.

export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((signed, name) => {
      const value = params[name]!;
      const values = Array.isArray(value) ? [...new Set(value)].sort() : [value];
      return signed + values.map((v) => name + v).join('');
    }, url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** The URL with and without the default port of its scheme, as Twilio may have signed either. */
function withAndWithoutPort(url: string): string[] {
  const match = /^(https?:\/\/)([^/?#]*?)(:\d+)?([/?#].*)?$/i.exec(url);
  if (!match) return [url];
  const [, scheme, host, port, rest = ''] = match;
  const standard = scheme!.toLowerCase() === 'https://' ? ':443' : ':80';
  if (port && port !== standard) return [url];
  return [`${scheme}${host}${rest}`, `${scheme}${host}${standard}${rest}`];
}

export function validTwilioSignature(authToken: string, signature: string | null | undefined, url: string, params: Record<string, string | string[]>): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return withAndWithoutPort(url).some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
