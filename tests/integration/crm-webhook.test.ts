import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

async function workspaceWithWebhook() {
  const admin = await signUpAdmin(app);
  const res = await admin.client.get('/api/admin/crm-webhook');
  expect(res.status).toBe(200);
  return { ...admin, url: res.json.url as string };
}

const deliver = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const storedReviews = (workspaceId: number) => app.database.db.select().from(reviews).where(eq(reviews.workspaceId, workspaceId));

const review = { reviewId: 'g-100', reviewerName: 'Sam Lee', rating: 5, reviewText: 'Great service', source: 'google' };

describe('the CRM webhook', () => {
  it('gives the admin a full URL under PUBLIC_URL', async () => {
    const { url } = await workspaceWithWebhook();
    expect(url).toMatch(new RegExp(`^${app.url}/api/webhooks/crm/[A-Za-z0-9_-]{32}$`));
  });

  it('stores a review once, however often or concurrently it is delivered', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    expect((await deliver(url, review)).status).toBe(201);
    expect((await deliver(url, review)).status).toBe(200);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => deliver(url, { ...review, reviewId: 'g-101' })));
    expect(concurrent.filter((r) => r.status === 201)).toHaveLength(1);
    const stored = await storedReviews(workspaceId);
    expect(stored.map((r) => r.externalId).sort()).toEqual(['g-100', 'g-101']);
    expect(stored[0]).toMatchObject({ source: 'crm', kind: 'action', reviewerName: 'Sam Lee', rating: 5, comment: 'Great service' });
  });

  it('treats a repeated webhookId as the same delivery', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    await deliver(url, { ...review, reviewId: undefined, webhookId: 'wh-1' });
    const again = await deliver(url, { ...review, reviewId: undefined, reviewText: 'changed', webhookId: 'wh-1' });
    expect(again.status).toBe(200);
    expect(await storedReviews(workspaceId)).toHaveLength(1);
  });

  it('stops answering the old URL once rotated', async () => {
    const { url, client, workspaceId } = await workspaceWithWebhook();
    const rotated = await client.post('/api/admin/crm-webhook/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.json.url).not.toBe(url);
    expect((await deliver(url, review)).status).toBe(404);
    expect((await deliver(rotated.json.url, review)).status).toBe(201);
    expect((await client.get('/api/admin/crm-webhook')).json.url).toBe(rotated.json.url);
    expect(await storedReviews(workspaceId)).toHaveLength(1);
  });

  it('answers 404 to an unknown token', async () => {
    expect((await deliver(`${app.url}/api/webhooks/crm/not-a-real-token-000000000`, review)).status).toBe(404);
  });

  it('refuses only what cannot be a review, naming the field, and never answers 500', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    const cases: [unknown, string][] = [
      ['{"rating": ', 'body'],
      [[1, 2], 'body'],
      [{ ...review, rating: 9 }, 'rating'],
      [{ ...review, rating: undefined }, 'rating'],
      [{ ...review, rating: '' }, 'rating'],
    ];
    for (const [body, field] of cases) {
      const res = await deliver(url, body);
      expect(res.status).toBe(400);
      expect((await res.json()).field).toBe(field);
    }
    expect(await storedReviews(workspaceId)).toHaveLength(0);
  });

  it('matches a review to the request it came from, and the dashboard counts it for that team', async () => {
    const { url, workspaceId, client } = await workspaceWithWebhook();
    const [team] = await app.database.db.insert(teams).values({ workspaceId, name: 'Front Desk', color: '#F59E0B' }).returning();
    const [request] = await app.database.db
      .insert(reviewRequests)
      .values({
        workspaceId,
        staffId: await staffIdFor(app.database.db, workspaceId, 'tom@clinic.example', 'Tom'),
        teamId: team!.id,
        staffFirstName: 'Tom',
        staffEmail: 'tom@clinic.example',
        customerFirstName: 'Robert',
        customerLastName: 'Nguyen',
        customerEmail: 'rob.nguyen@example.com',
        createdAt: new Date(Date.now() - 60 * 60 * 1000),
      })
      .returning();
    expect((await deliver(url, { reviewId: 'g-match', reviewerName: 'Bob Nguyen', rating: 5, reviewText: 'Thanks!' })).status).toBe(201);
    const [stored] = await app.database.db
      .select()
      .from(reviews)
      .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.externalId, 'g-match')));
    expect(stored).toMatchObject({ matchStatus: 'auto_matched', requestId: request!.id, teamId: team!.id });
    expect(stored!.matchConfidence).toBeGreaterThanOrEqual(70);
    expect(stored!.matchEvidence).toMatchObject({ name: { first: 'nickname', last: 'exact' } });
    const dashboard = (await client.get('/api/dashboard')).json;
    expect(dashboard.teams.find((t: { name: string }) => t.name === 'Front Desk').googleReviewsConfirmed).toBe(1);
  });

  it('does not bring back a review an admin deleted', async () => {
    const { url, workspaceId, client } = await workspaceWithWebhook();
    const first = await (await deliver(url, { ...review, reviewId: 'g-deleted' })).json();
    expect((await client.request('DELETE', `/api/admin/review-action/${first.id}`)).status).toBe(200);
    const again = await deliver(url, { ...review, reviewId: 'g-deleted' });
    expect(again.status).toBe(200);
    expect((await again.json()).message).toMatch(/deleted by an admin/);
    expect(await storedReviews(workspaceId)).toHaveLength(0);
    expect((await deliver(url, { ...review, reviewId: 'g-other' })).status).toBe(201);
  });

  it('never undoes a manual decision when the review is delivered again', async () => {
    const { url, workspaceId } = await workspaceWithWebhook();
    await deliver(url, { ...review, reviewId: 'g-manual' });
    const [team] = await app.database.db.insert(teams).values({ workspaceId, name: 'Audit', color: '#8B5CF6' }).returning();
    await app.database.db.update(reviews).set({ matchStatus: 'manual', teamId: team!.id }).where(eq(reviews.workspaceId, workspaceId));
    await deliver(url, { ...review, reviewId: 'g-manual', reviewText: 'Edited text' });
    const [stored] = await storedReviews(workspaceId);
    expect(stored).toMatchObject({ matchStatus: 'manual', teamId: team!.id });
  });
});
