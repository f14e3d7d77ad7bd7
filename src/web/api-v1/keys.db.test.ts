import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { apiKeys } from '#platform/db/schema.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { bearerKey, createApiKey, hashApiKey, isApiKeyShaped, listApiKeys, newApiKey, RATE_LIMIT, rateLimitHeaders, revokeApiKey, useApiKey } from './keys.ts';
import { migratedMemoryDatabase } from '#testing/unit-database.ts';

let database: Database;
beforeAll(async () => {
  database = await migratedMemoryDatabase();
});
afterAll(() => database.close());

describe('key format', () => {
  it('is rc_live_ and 256 random bits, recognised by shape', () => {
    const key = newApiKey();
    expect(key).toMatch(/^rc_live_[A-Za-z0-9_-]{43}$/);
    expect(newApiKey()).not.toBe(key);
    expect(isApiKeyShaped(key)).toBe(true);
    expect(isApiKeyShaped('rc_live_short')).toBe(false);
    expect(isApiKeyShaped(`rc_test_${key.slice(8)}`)).toBe(false);
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a Bearer header', () => {
    expect(bearerKey('Bearer rc_live_abc')).toBe('rc_live_abc');
    expect(bearerKey('bearer  rc_live_abc ')).toBe('rc_live_abc');
    expect(bearerKey('Basic abc')).toBeNull();
    expect(bearerKey(null)).toBeNull();
  });
});

describe('useApiKey', () => {
  it('counts requests per fixed window, sets last use at most once a minute, refuses revoked keys', async () => {
    const workspace = await unitWorkspace(database.db);
    const created = (await createApiKey(database.db, workspace.id, { name: 'CRM', scope: 'write' }))!;
    const t0 = new Date('2026-05-04T10:00:10Z');
    const first = (await useApiKey(database.db, created.key, t0))!;
    expect(first).toMatchObject({
      keyId: created.id,
      workspaceId: workspace.id,
      scope: 'write',
      rate: { limit: RATE_LIMIT, remaining: RATE_LIMIT - 1, reset: 50, exceeded: false },
    });
    const second = (await useApiKey(database.db, created.key, new Date('2026-05-04T10:00:40Z')))!;
    expect(second.rate.remaining).toBe(RATE_LIMIT - 2);
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.lastUsedAt).toEqual(t0);
    // A new window starts the count again.
    const next = (await useApiKey(database.db, created.key, new Date('2026-05-04T10:01:15Z')))!;
    expect(next.rate.remaining).toBe(RATE_LIMIT - 1);
    expect((await listApiKeys(database.db, workspace.id))[0]!.lastUsedAt).toBe('2026-05-04T10:01:15.000Z');

    await database.db.update(apiKeys).set({ rateCount: RATE_LIMIT }).where(eq(apiKeys.id, created.id));
    const over = (await useApiKey(database.db, created.key, new Date('2026-05-04T10:01:30Z')))!;
    expect(over.rate).toMatchObject({ remaining: 0, exceeded: true, reset: 30 });
    expect(rateLimitHeaders(over.rate)).toMatchObject({
      'ratelimit-limit': String(RATE_LIMIT),
      'ratelimit-remaining': '0',
      'ratelimit-reset': '30',
      'retry-after': '30',
    });

    expect(await revokeApiKey(database.db, workspace.id + 1000, created.id)).toBe(false);
    expect(await revokeApiKey(database.db, workspace.id, created.id)).toBe(true);
    expect(await useApiKey(database.db, created.key)).toBeNull();
    expect(await listApiKeys(database.db, workspace.id)).toEqual([]);
  });

  it('stores only the hash and a short prefix', async () => {
    const workspace = await unitWorkspace(database.db);
    const created = (await createApiKey(database.db, workspace.id, { name: 'Reports', scope: 'read' }))!;
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row!.keyHash).toBe(hashApiKey(created.key));
    expect(row!.prefix).toBe(created.key.slice(0, 12));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
  });
});
