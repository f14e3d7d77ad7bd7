import type { Job } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '#platform/db/schema.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { type UnitStore, withUnitStore } from '#testing/unit-queue.ts';
import { putSetting } from '#domain/workspace/settings.ts';
import { startFakeTwilio } from '../../../tests/fakes/twilio.ts';
import { saveSmsAccount } from './account.ts';
import { type SmsJob, smsWorker, storeSmsMessage } from './outbox.ts';

// Quiet hours against a test clock (issue 29): a text logged at 21:30 local goes at 08:00 local the
// next morning, not before. The worker reads the clock it is given; the fake Twilio counts the sends.

let store: UnitStore;
withUnitStore((opened) => (store = opened));

let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
beforeAll(async () => {
  twilio = await startFakeTwilio();
});
afterAll(async () => {
  await twilio.stop();
});

const secretKey = Buffer.alloc(32, 9);

describe('the sms worker and quiet hours', () => {
  it('holds a text logged at 21:30 in Sydney until 08:00 there, and sends it then', async () => {
    const workspace = await unitWorkspace(store.database.db);
    const ctx = { database: store.database, jobs: store.jobs, secretKey, config: { twilio: { apiBase: twilio.apiBase }, publicUrl: 'https://review.example' } };
    await saveSmsAccount(ctx, workspace.id, { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+61400000000' });
    await putSetting(store.database.db, workspace.id, 'timezone', 'Australia/Sydney');
    const text = await store.database.db.transaction((tx) =>
      storeSmsMessage(tx, store.jobs, { workspaceId: workspace.id, requestId: null, toPhone: '+61412555555', body: 'Hi {review_link}', sendAfter: null }),
    );
    const job = { id: 'test', data: { workspaceId: workspace.id, smsId: text.id } } as Job<SmsJob>;
    // 2026-06-10 21:30 in Sydney (AEST, UTC+10).
    const at = (iso: string) => smsWorker(ctx, () => new Date(iso))(job);

    expect(await at('2026-06-10T11:30:00Z')).toEqual({ waiting: '2026-06-10T22:00:00.000Z' });
    expect(await at('2026-06-10T21:59:00Z')).toEqual({ waiting: '2026-06-10T22:00:00.000Z' });
    expect(twilio.messages.filter((m) => m.to === '+61412555555')).toHaveLength(0);
    const [held] = await store.database.db.select().from(smsOutbox);
    expect([held!.status, held!.sendAfter?.toISOString()]).toEqual(['waiting', '2026-06-10T22:00:00.000Z']);

    expect(await at('2026-06-10T22:00:00Z')).toMatchObject({ sid: expect.stringMatching(/^SM/) });
    expect(twilio.messages.filter((m) => m.to === '+61412555555')).toHaveLength(1);
    const [sent] = await store.database.db.select().from(smsOutbox);
    expect(sent!.status).toBe('queued');
  });
});
