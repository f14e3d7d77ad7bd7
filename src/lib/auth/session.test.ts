import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { readSession, sessionKey, signSession } from './session.ts';

const key = sessionKey('a-secret-long-enough-for-the-test-0123456789');

describe('sessions', () => {
  it('round-trips the workspace and the admin claim', async () => {
    const token = await signSession({ workspaceId: 7, slug: 'acme', admin: true }, key);
    expect(await readSession(token, key)).toEqual({ workspaceId: 7, slug: 'acme', admin: true });
  });

  it('refuses a token signed with another secret', async () => {
    const token = await signSession({ workspaceId: 7, slug: 'acme', admin: true }, sessionKey('another-secret-0123456789-0123456789'));
    expect(await readSession(token, key)).toBeNull();
  });

  it('refuses an expired token, garbage and nothing', async () => {
    const expired = await new SignJWT({ slug: 'acme', admin: false })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('7')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    expect(await readSession(expired, key)).toBeNull();
    expect(await readSession('not.a.token', key)).toBeNull();
    expect(await readSession(undefined, key)).toBeNull();
  });

  it('refuses an unsigned token claiming admin', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ sub: '7', slug: 'acme', admin: true })).toString('base64url');
    expect(await readSession(`${header}.${body}.`, key)).toBeNull();
  });
});
