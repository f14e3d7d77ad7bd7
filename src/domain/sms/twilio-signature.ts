import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse as parseQuery, stringify as stringifyQuery } from 'node:querystring';

// X-Twilio-Signature: base64 HMAC-SHA1, keyed with the account's auth token, over the URL Twilio
// called followed by each POST parameter's name and value, sorted by name (a repeated parameter: its
// distinct values, sorted). The `twilio` package's validateRequest is the reference the tests hold
// this to, URL by URL: the URL as received, without and with the scheme's default port (the string
// Twilio signed), then as `new URL()` normalises it, then with Node's legacy querystring encoding.

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

interface UrlParts {
  scheme: string;
  userInfo: string;
  host: string;
  /** ":8080", or empty. */
  port: string;
  /** Path, query and fragment, exactly as received. */
  rest: string;
}

/** The URL's parts without normalising it: the path and query keep the characters Twilio signed. */
function splitUrl(url: string): UrlParts | null {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)/i.exec(url);
  if (!match) return null;
  const [prefix, scheme, authority] = match as unknown as [string, string, string];
  const userInfoEnd = authority.lastIndexOf('@');
  const hostAndPort = authority.slice(userInfoEnd + 1);
  // A colon starts the port only after the closing bracket of an IPv6 literal.
  const portStart = hostAndPort.indexOf(':', hostAndPort.lastIndexOf(']') + 1);
  return {
    scheme,
    userInfo: authority.slice(0, userInfoEnd + 1),
    host: portStart === -1 ? hostAndPort : hostAndPort.slice(0, portStart),
    port: portStart === -1 ? '' : hostAndPort.slice(portStart),
    rest: url.slice(prefix.length),
  };
}

function withoutPort(url: string): string {
  const parts = splitUrl(url);
  return parts ? parts.scheme + parts.userInfo + parts.host + parts.rest : url;
}

function withDefaultPort(url: string): string {
  const parts = splitUrl(url);
  if (!parts || parts.port) return url;
  return parts.scheme + parts.userInfo + parts.host + (parts.scheme.toLowerCase() === 'https://' ? ':443' : ':80') + parts.rest;
}

/** The query re-encoded as Node's legacy querystring module does, for senders that signed an escaped form. */
function withLegacyQuery(url: string): string {
  const start = url.indexOf('?');
  if (start === -1 || start === url.length - 1) return url;
  return `${url.slice(0, start)}?${stringifyQuery(parseQuery(url.slice(start + 1)))}`;
}

/** The URLs Twilio may have signed for this one, in the reference's order. */
function candidateUrls(url: string): string[] {
  const asReceived = [withoutPort(url), withDefaultPort(url)];
  let normalised: string;
  try {
    normalised = new URL(url).toString();
  } catch {
    return asReceived;
  }
  const bare = withoutPort(normalised);
  const ported = withDefaultPort(normalised);
  return [...asReceived, bare, ported, withLegacyQuery(bare), withLegacyQuery(ported)];
}

export function validTwilioSignature(authToken: string, signature: string | null | undefined, url: string, params: Record<string, string | string[]>): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return candidateUrls(url).some((candidate) => {
    const expected = Buffer.from(twilioSignature(authToken, candidate, params));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}
