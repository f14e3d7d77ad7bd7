import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { Database } from '#platform/db/database.ts';
import { workspaces } from '#platform/db/schema.ts';
import { consumeOAuthState, createOAuthState } from './oauth-state.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

const key = new Uint8Array(32).fill(7);
let database: Database;
let workspaceId: number;

beforeAll(async () => {
  database = await migratedMemoryDatabase();
  const [row] = await database.db
    .insert(workspaces)
    .values({ slug: 'state-test', businessName: 'State Test', adminEmail: 'a@b.example', staffPasswordHash: 'x', adminPasswordHash: 'x' })
    .returning({ id: workspaces.id });
  workspaceId = row!.id;
});
afterAll(() => database.close());

const caller = (browserKey: string, sessionId = 'session-of-the-admin') => ({ browserKey, sessionId });

describe('the OAuth state', () => {
  it('names its workspace once, in the browser and session that started it', async () => {
    const { state, browserKey } = await createOAuthState(database.db, workspaceId, 'session-of-the-admin', key);
    expect(await consumeOAuthState(database.db, state, key, caller(browserKey))).toBe(workspaceId);
    expect(await consumeOAuthState(database.db, state, key, caller(browserKey))).toBeNull();
  });

  it('answers nothing in another browser (no or another binding cookie) or another session', async () => {
    const { state, browserKey } = await createOAuthState(database.db, workspaceId, 'session-of-the-admin', key);
    expect(await consumeOAuthState(database.db, state, key, {})).toBeNull();
    expect(await consumeOAuthState(database.db, state, key, { sessionId: 'session-of-the-admin' })).toBeNull();
    expect(await consumeOAuthState(database.db, state, key, caller('another-browsers-key-0123456789'))).toBeNull();
    expect(await consumeOAuthState(database.db, state, key, caller(browserKey, 'the-victims-session'))).toBeNull();
    // A refusal does not use the state up: the right browser still completes.
    expect(await consumeOAuthState(database.db, state, key, caller(browserKey))).toBe(workspaceId);
  });

  it('is refused when signed with another key, altered, or expired', async () => {
    const { state, browserKey } = await createOAuthState(database.db, workspaceId, 'session-of-the-admin', key);
    expect(await consumeOAuthState(database.db, state, new Uint8Array(32).fill(8), caller(browserKey))).toBeNull();
    const [header, payload, signature] = state.split('.');
    const altered = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    altered.sub = String(workspaceId + 1);
    expect(
      await consumeOAuthState(database.db, `${header}.${Buffer.from(JSON.stringify(altered)).toString('base64url')}.${signature}`, key, caller(browserKey)),
    ).toBeNull();
    const expired = await new SignJWT({ nonce: 'n' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(workspaceId))
      .setAudience('gmb-oauth-state')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    expect(await consumeOAuthState(database.db, expired, key, caller(browserKey))).toBeNull();
  });

  it('is not a session token, nor a session token a state', async () => {
    const session = await new SignJWT({ slug: 'state-test', admin: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(workspaceId))
      .setExpirationTime('1h')
      .sign(key);
    expect(await consumeOAuthState(database.db, session, key, caller('x'.repeat(32)))).toBeNull();
  });
});
