import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { readSessionToken, sessionKey, signSessionToken } from './session.ts';

const key = sessionKey('a-secret-long-enough-for-the-test-0123456789');
const token = { sessionId: 'a-random-session-id-0123', workspaceId: 7 };

describe('session tokens', () => {
  it('round-trip the session id and the workspace', async () => {
    expect(await readSessionToken(await signSessionToken(token, key), key)).toEqual(token);
  });

  it('refuse a token signed with another secret', async () => {
    const signed = await signSessionToken(token, sessionKey('another-secret-0123456789-0123456789'));
    expect(await readSessionToken(signed, key)).toBeNull();
  });

  it('refuse an expired token, one without a session id, garbage and nothing', async () => {
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setJti(token.sessionId)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect(await readSessionToken(expired, key)).toBeNull();
    // The shape of a cookie from before sessions were kept on the server.
    const old = await new SignJWT({ slug: 'acme', admin: true }).setProtectedHeader({ alg: 'HS256' }).setSubject('7').setExpirationTime('1h').sign(key);
    expect(await readSessionToken(old, key)).toBeNull();
    expect(await readSessionToken('not.a.token', key)).toBeNull();
    expect(await readSessionToken(undefined, key)).toBeNull();
  });

  it('refuse an unsigned token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: '7', jti: token.sessionId })).toString('base64url');
    expect(await readSessionToken(`${header}.${body}.`, key)).toBeNull();
  });

  it('read a token again without a new check only under the same key, and never past its expiry', async () => {
    const signed = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setJti(token.sessionId)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(key);
    expect(await readSessionToken(signed, key)).toEqual(token);
    expect(await readSessionToken(signed, sessionKey('another-secret-0123456789-0123456789'))).toBeNull();
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] });
    try {
      expect(await readSessionToken(signed, key)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
