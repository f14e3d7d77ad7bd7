import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_SIZE, recordDelivery } from '#domain/integrations/crm/delivery-log.ts';
import { reviews } from '#platform/db/schema.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';

// What real CRMs send (INTEGRATIONS.md "What arrives in practice"): none of it may lose a review,
// and every delivery, stored or not, is in the admin's delivery log.

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function workspaceWithWebhook() {
  const admin = await signUpAdmin(app);
  const url = (await admin.client.get('/api/admin/crm-webhook')).json.url as string;
  return { ...admin, url };
}

function deliver(url: string, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
}

async function storedOne(workspaceId: number) {
  const rows = await app.database.db.select().from(reviews).where(eq(reviews.workspaceId, workspaceId));
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('CRM intake is forgiving', () => {
  it('gives a link without a scheme https://, and drops an unreadable one', async () => {
    const a = await workspaceWithWebhook();
    expect((await deliver(a.url, { reviewerName: 'Ana', rating: 5, reviewUrl: 'g.page/r/CdE4fGh/review' })).status).toBe(201);
    expect((await storedOne(a.workspaceId)).reviewUrl).toBe('https://g.page/r/CdE4fGh/review');

    const b = await workspaceWithWebhook();
    expect((await deliver(b.url, { reviewerName: 'Ana', rating: 5, reviewUrl: 'javascript:alert(1)' })).status).toBe(201);
    expect((await storedOne(b.workspaceId)).reviewUrl).toBeNull();
  });

  it('reads dates named createdAt, timestamp, date and review_date, in the workspace time zone when they carry none', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ createdAt: '2026-03-01T10:00:00Z' }, '2026-03-01T10:00:00.000Z'],
      [{ timestamp: 1772359200 }, '2026-03-01T10:00:00.000Z'],
      [{ timestamp: '1772359200000' }, '2026-03-01T10:00:00.000Z'],
      // Australia/Sydney, the default time zone, is UTC+11 in March.
      [{ date: '2026-03-01 21:00' }, '2026-03-01T10:00:00.000Z'],
      [{ review_date: 'March 1, 2026' }, '2026-02-28T13:00:00.000Z'],
    ];
    for (const [dates, expected] of cases) {
      const { url, workspaceId } = await workspaceWithWebhook();
      expect((await deliver(url, { reviewerName: 'Ana', rating: 5, ...dates })).status).toBe(201);
      expect((await storedOne(workspaceId)).createTime.toISOString()).toBe(expected);
    }
  });

  it('reads the time zone the admin set', async () => {
    const { url, workspaceId, client } = await workspaceWithWebhook();
    expect((await client.request('PUT', '/api/settings/timezone', { value: 'America/New_York' })).status).toBe(200);
    await deliver(url, { reviewerName: 'Ana', rating: 5, date: '2026-03-01 05:00' });
    expect((await storedOne(workspaceId)).createTime.toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('takes an unreadable date as the time of receipt instead of refusing the review', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    expect((await deliver(url, { reviewerName: 'Ana', rating: 5, createdAt: 'last tuesday' })).status).toBe(201);
    expect(Math.abs((await storedOne(workspaceId)).createTime.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('reads platform as the source, and rounds a rating like 4.5', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    expect((await deliver(url, { reviewerName: 'Ana', rating: 4.5, platform: 'Facebook' })).status).toBe(201);
    expect(await storedOne(workspaceId)).toMatchObject({ rating: 5, platform: 'Facebook' });
  });

  it('reads a form-encoded body like JSON', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    const form = new URLSearchParams({ 'customData[reviewer_name]': 'Ana Silva', 'customData[rating]': '4', 'customData[comment]': 'Lovely' });
    const res = await deliver(url, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(201);
    expect(await storedOne(workspaceId)).toMatchObject({ reviewerName: 'Ana Silva', rating: 4, comment: 'Lovely' });
  });

  it('stores two customers called John with 5 stars as two reviews, and a re-delivered webhookId once', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    expect((await deliver(url, { reviewerName: 'John', rating: 5 })).status).toBe(201);
    expect((await deliver(url, { reviewerName: 'John', rating: 5 })).status).toBe(201);
    expect((await deliver(url, { reviewerName: 'John', rating: 5, webhookId: 'wh-7' })).status).toBe(201);
    expect((await deliver(url, { reviewerName: 'John', rating: 5, webhookId: 'wh-7' })).status).toBe(200);
    const rows = await app.database.db.select().from(reviews).where(eq(reviews.workspaceId, workspaceId));
    expect(rows).toHaveLength(3);
  });

  it('treats X-GHL-Signature: N/A as no signature when no key is configured', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    expect((await deliver(url, { reviewerName: 'Ana', rating: 5 }, { 'x-ghl-signature': 'N/A' })).status).toBe(201);
    await storedOne(workspaceId);
  });

  it('stores a review whose fields hold NUL characters, without them', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    const res = await deliver(url, { reviewId: 'nul-1', reviewerName: 'Ana\u0000 Silva', rating: 5, reviewText: 'Great\u0000', webhookId: 'wh-nul' });
    expect(res.status).toBe(201);
    expect(await storedOne(workspaceId)).toMatchObject({ reviewerName: 'Ana Silva', comment: 'Great' });
  });

  it('refuses a chunked body over the limit without reading it all, and logs the refusal', async () => {
    const { url, client } = await workspaceWithWebhook();
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 50) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(50);
    const [entry] = (await client.get('/api/admin/crm-webhook/deliveries')).json.deliveries;
    expect(entry).toMatchObject({ status: 'refused', reason: 'Request body is too large' });
  });
});

describe('the delivery log', () => {
  it('lists every delivery newest first: stored, duplicate and refused with its reason', async () => {
    const { url, client } = await workspaceWithWebhook();
    const stored = await (await deliver(url, { reviewId: 'log-1', reviewerName: 'Ana', rating: 5 })).json();
    await deliver(url, { reviewId: 'log-1', reviewerName: 'Ana', rating: 5 });
    await deliver(url, { reviewerName: 'Ana', comment: 'No stars given' });
    const res = await client.get('/api/admin/crm-webhook/deliveries');
    expect(res.status).toBe(200);
    const [refused, duplicate, first] = res.json.deliveries;
    expect(refused).toMatchObject({ status: 'refused', reason: 'rating must be a number of stars from 1 to 5', reviewId: null });
    expect(refused.body).toContain('No stars given');
    expect(duplicate).toMatchObject({ status: 'duplicate', reviewId: stored.id });
    expect(first).toMatchObject({ status: 'stored', reason: null, reviewId: stored.id });
    expect(Date.parse(first.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(first).sort()).toEqual(['body', 'id', 'kind', 'reason', 'receivedAt', 'requestId', 'reviewId', 'status']);
  });

  it('is for the admin of the workspace only', async () => {
    const a = await workspaceWithWebhook();
    const b = await workspaceWithWebhook();
    await deliver(a.url, { reviewerName: 'Ana' });
    const [entry] = (await a.client.get('/api/admin/crm-webhook/deliveries')).json.deliveries;
    expect((await b.client.get('/api/admin/crm-webhook/deliveries')).json.deliveries).toEqual([]);
    expect((await b.client.post(`/api/admin/crm-webhook/deliveries/${entry.id}/retry`)).status).toBe(404);
    expect((await new Client(app.url).get('/api/admin/crm-webhook/deliveries')).status).toBe(401);
  });

  it('keeps the newest 200', async () => {
    const { workspaceId, client } = await workspaceWithWebhook();
    for (let i = 0; i < LOG_SIZE + 5; i += 1) {
      const record = {
        deliveryKey: `k-${i}`,
        status: 'refused',
        reason: `r-${i}`,
        reviewId: null,
        contentType: null,
        signature: null,
        body: '{}',
        bodyComplete: true,
      } as const;
      await recordDelivery(app.database.db, workspaceId, record);
    }
    const { deliveries } = (await client.get('/api/admin/crm-webhook/deliveries')).json;
    expect(deliveries).toHaveLength(LOG_SIZE);
    expect(deliveries[0].reason).toBe(`r-${LOG_SIZE + 4}`);
    expect(deliveries.at(-1).reason).toBe('r-5');
  });

  it('processes a refused delivery again: still refused while the reason holds, and only refused ones', async () => {
    const { url, client } = await workspaceWithWebhook();
    await deliver(url, { reviewerName: 'Ana' });
    await deliver(url, { reviewId: 'ok-1', reviewerName: 'Ana', rating: 5 });
    const [stored, refused] = (await client.get('/api/admin/crm-webhook/deliveries')).json.deliveries;
    const again = await client.post(`/api/admin/crm-webhook/deliveries/${refused.id}/retry`);
    expect(again.status).toBe(422);
    expect(again.json.message).toBe('rating must be a number of stars from 1 to 5');
    expect(again.json.delivery).toMatchObject({ id: refused.id, status: 'refused' });
    expect((await client.post(`/api/admin/crm-webhook/deliveries/${stored.id}/retry`)).status).toBe(409);
    expect((await client.post('/api/admin/crm-webhook/deliveries/999999999/retry')).status).toBe(404);
  });
});
