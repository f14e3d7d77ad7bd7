import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '#platform/db/schema.ts';
import { getRuntime } from '#app/runtime.ts';
import { requeueUnsentWebhookDeliveries } from '#domain/integrations/webhooks/deliveries.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { startApp, type TestApp } from '../helpers/app.ts';
import { logRequestFor, officeWithTeamAndTemplate } from '../helpers/office.ts';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback: answers with `statuses` in turn (then 200), keeps what it got. */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function until<T>(check: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const verify = (secret: string, got: Received) =>
  new Webhook(secret).verify(got.body, {
    'webhook-id': String(got.headers['webhook-id']),
    'webhook-timestamp': String(got.headers['webhook-timestamp']),
    'webhook-signature': String(got.headers['webhook-signature']),
  }) as { type: string; version: number; timestamp: string; data: Record<string, unknown> };

let app: TestApp;
beforeAll(async () => {
  app = await startApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', DEFAULT_PLAN: 'team' });
});
afterAll(async () => {
  await app?.close();
});

// Concurrent: each test has its own workspace and receiver, and most of their time is spent waiting
// for deliveries (the retry test for the queue's backoff).
describe.concurrent('outbound webhooks', () => {
  it('registers an endpoint, shows its secret once, and signs review.created and request.logged deliveries', async () => {
    const target = await receiver();
    try {
      const office = await officeWithTeamAndTemplate(app);
      const created = await office.client.post('/api/admin/webhooks', { url: target.url, events: ['review.created', 'request.logged'] });
      expect(created.status).toBe(201);
      const { id, secret } = created.json as { id: number; secret: string };
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

      const list = await office.client.get('/api/admin/webhooks');
      expect(list.status).toBe(200);
      expect(list.json).toEqual([{ id, url: target.url, events: ['review.created', 'request.logged'], createdAt: expect.any(String), lastDelivery: null }]);
      expect(list.text).not.toContain(secret.slice(6, 20));

      expect((await office.client.post('/api/test-review', { reviewerName: 'Zoë Ng', rating: 5, reviewText: 'Lovely' })).status).toBeLessThan(300);
      const review = await until(() => target.received.find((r) => r.body.includes('"review.created"')));
      const reviewPayload = verify(secret, review);
      // Issue 28, item 5: the body says which shape of data it carries before a receiver depends on it.
      expect(reviewPayload).toMatchObject({ type: 'review.created', version: 1, data: { rating: 5, reviewerName: 'Zoë Ng' } });
      expect(Object.keys(reviewPayload)).toEqual(['type', 'version', 'timestamp', 'data']);
      expect(review.headers['content-type']).toBe('application/json');
      expect(review.headers['user-agent']).toContain('ReviewChallenge');

      const logged = await office.client.post('/api/review-requests', {
        staffFirstName: 'Tom',
        staffEmail: 'tom@harbourside.example',
        teamId: office.teamId,
        email: 'sarah.webhook@example.test',
        firstName: 'Sarah',
        lastName: 'Kim',
        templateId: office.templateId,
        customEmailSubject: '',
        customEmailContent: '',
      });
      expect(logged.status).toBeLessThan(300);
      const request = await until(() => target.received.find((r) => r.body.includes('"request.logged"')));
      const requestPayload = verify(secret, request);
      expect(requestPayload.data).toMatchObject({ staffFirstName: 'Tom', customerFirstName: 'Sarah', team: { id: office.teamId, name: 'Front Desk' } });
      expect(request.body).not.toContain('sarah.webhook@example.test');

      const deliveries = await office.client.get(`/api/admin/webhooks/${id}/deliveries`);
      expect(deliveries.status).toBe(200);
      expect(deliveries.json).toHaveLength(2);
      expect(deliveries.json[0]).toMatchObject({ eventType: expect.any(String), status: 'delivered', attempts: [{ httpStatus: 200, error: null }] });

      // Send test: answered at once, verifiable too.
      const test = await office.client.post(`/api/admin/webhooks/${id}/test`);
      expect(test.status).toBe(200);
      expect(test.json).toMatchObject({ status: 'delivered', httpStatus: 200 });
      const testDelivery = target.received.find((r) => r.body.includes('"webhook.test"'))!;
      expect(verify(secret, testDelivery).type).toBe('webhook.test');

      // Resend: the same body and webhook-id again.
      const before = target.received.length;
      const reviewDelivery = (deliveries.json as { id: string; eventType: string }[]).find((d) => d.eventType === 'review.created')!;
      expect((await office.client.post(`/api/admin/webhooks/deliveries/${reviewDelivery.id}/resend`)).status).toBe(202);
      const again = await until(() => target.received.length > before && target.received.at(-1));
      expect(again.headers['webhook-id']).toBe(review.headers['webhook-id']);
      expect(again.body).toBe(review.body);
      verify(secret, again);
    } finally {
      await target.close();
    }
  });

  it('sends review.matched and goal.reached when a matched review reaches the team goal', async () => {
    const target = await receiver();
    try {
      const office = await officeWithTeamAndTemplate(app);
      expect((await office.client.request('PUT', `/api/teams/${office.teamId}`, { name: 'Front Desk', weeklyGoal: 1 })).status).toBe(200);
      const { secret } = (await office.client.post('/api/admin/webhooks', { url: target.url, events: ['review.matched', 'goal.reached'] })).json as {
        secret: string;
      };
      const logged = await logRequestFor(office, { firstName: 'Lea', lastName: 'Moss' });
      expect((await office.client.post('/api/test-review', { reviewerName: 'Lea Moss', rating: 5, reviewText: 'Lovely' })).json.matchStatus).toBe(
        'auto_matched',
      );

      const matched = verify(secret, await until(() => target.received.find((r) => r.body.includes('"review.matched"'))));
      expect(matched.data).toMatchObject({
        how: 'auto',
        matchStatus: 'auto_matched',
        requestId: logged.json.request.id,
        team: { id: office.teamId, name: 'Front Desk' },
      });
      const goal = verify(secret, await until(() => target.received.find((r) => r.body.includes('"goal.reached"'))));
      expect(goal.data).toMatchObject({ goal: 1 });
      expect(JSON.stringify(goal.data)).toContain('Front Desk');
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(target.received.filter((r) => r.body.includes('"goal.reached"'))).toHaveLength(1);
      expect(target.received.some((r) => r.body.includes('"review.created"'))).toBe(false);
    } finally {
      await target.close();
    }
  });

  it('retries a failing target with the same webhook-id, and logs each attempt', async () => {
    const target = await receiver([500, 500]);
    try {
      const admin = await signUpAdmin(app, { businessName: 'Retry Dental' });
      const { id, secret } = (await admin.client.post('/api/admin/webhooks', { url: target.url, events: ['review.created'] })).json as {
        id: number;
        secret: string;
      };
      await admin.client.post('/api/test-review', { reviewerName: 'Ana', rating: 4, reviewText: 'Good' });
      await until(() => target.received.length >= 3, 60_000);
      expect(new Set(target.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      for (const got of target.received) verify(secret, got);
      // The third attempt is logged just after the receiver answered it.
      let log = await admin.client.get(`/api/admin/webhooks/${id}/deliveries`);
      for (let i = 0; i < 50 && log.json[0]?.status !== 'delivered'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        log = await admin.client.get(`/api/admin/webhooks/${id}/deliveries`);
      }
      const [delivery] = log.json as { status: string; webhookId: string; attempts: { httpStatus: number; error: string | null; durationMs: number }[] }[];
      expect(delivery.webhookId).toBe(target.received[0]!.headers['webhook-id']);
      expect(delivery.status).toBe('delivered');
      expect(delivery.attempts.map((a) => a.httpStatus)).toEqual([500, 500, 200]);
      expect(delivery.attempts[0]!.error).toBe('HTTP 500');
      const list = (await admin.client.get('/api/admin/webhooks')).json as { lastDelivery: { status: string } }[];
      expect(list[0]!.lastDelivery.status).toBe('delivered');
    } finally {
      await target.close();
    }
  }, 90_000);

  it("refuses bad URLs and events with field-named messages, and keeps each workspace's webhooks its own", async () => {
    const admin = await signUpAdmin(app, { businessName: 'Owner Dental' });
    const bad = await admin.client.post('/api/admin/webhooks', { url: 'ftp://example.com/x', events: ['review.created'] });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: expect.stringContaining('http'), field: 'url' });
    const noEvents = await admin.client.post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/x', events: [] });
    expect(noEvents.json).toMatchObject({ field: 'events' });
    const unknownEvent = await admin.client.post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/x', events: ['target.reached'] });
    expect(unknownEvent.json).toMatchObject({ field: 'events' });

    const { id } = (await admin.client.post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/x', events: ['goal.reached'] })).json as { id: number };
    const other = await signUpAdmin(app, { businessName: 'Other Dental' });
    expect((await other.client.get(`/api/admin/webhooks/${id}/deliveries`)).status).toBe(404);
    expect((await other.client.post(`/api/admin/webhooks/${id}/test`)).status).toBe(404);
    expect((await other.client.request('DELETE', `/api/admin/webhooks/${id}`)).status).toBe(404);
    expect((await other.client.post('/api/admin/webhooks/deliveries/00000000-0000-4000-8000-000000000000/resend')).status).toBe(404);
    expect((await other.client.get('/api/admin/webhooks')).json).toEqual([]);

    expect((await admin.client.request('DELETE', `/api/admin/webhooks/${id}`)).status).toBe(200);
    expect((await admin.client.get('/api/admin/webhooks')).json).toEqual([]);
  });

  // Issue 27, item 18: a backup holds the deliveries still to be made, not the queue's jobs for them.
  it('stores the delivery with the review that raised it: there when the answer comes, with no fan-out job kept (decision 071)', async () => {
    const office = await officeWithTeamAndTemplate(app);
    // A target that is never reached: what is looked at is the delivery log, not the sending.
    await office.client.post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['review.created'] });
    const answered = await office.client.post('/api/test-review', { reviewerName: 'Ada Quill', rating: 5, reviewText: 'Quick' });
    expect(answered.status).toBeLessThan(300);
    const stored = await app.database.db
      .select({ eventId: webhookDeliveries.eventId, eventType: webhookDeliveries.eventType })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.workspaceId, office.workspaceId));
    expect(stored).toEqual([{ eventId: expect.any(String), eventType: 'review.created' }]);
    const { jobs } = await getRuntime();
    expect(await jobs.job('webhooks', stored[0]!.eventId!)).toBeNull();
  });

  it('raises a team goal reached by reviews arriving at once exactly once, stored with the review that reached it', async () => {
    const office = await officeWithTeamAndTemplate(app);
    expect((await office.client.request('PUT', `/api/teams/${office.teamId}`, { name: 'Front Desk', weeklyGoal: 3 })).status).toBe(200);
    await office.client.post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['goal.reached'] });
    const customers = [
      { firstName: 'Lea', lastName: 'Moss' },
      { firstName: 'Omar', lastName: 'Haddad' },
      { firstName: 'Greta', lastName: 'Lindqvist' },
    ];
    for (const customer of customers) await logRequestFor(office, customer);
    const answers = await Promise.all(
      customers.map(({ firstName, lastName }) =>
        office.client.post('/api/test-review', { reviewerName: `${firstName} ${lastName}`, rating: 5, reviewText: 'Lovely' }),
      ),
    );
    expect(answers.map((a) => a.json.matchStatus)).toEqual(['auto_matched', 'auto_matched', 'auto_matched']);
    // Every review's transaction has committed, and the goal's delivery with the one that reached it.
    const goals = await app.database.db
      .select({ payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.workspaceId, office.workspaceId), eq(webhookDeliveries.eventType, 'goal.reached')));
    expect(goals).toHaveLength(1);
    expect(JSON.parse(goals[0]!.payload).data).toMatchObject({ goal: 3, team: { id: office.teamId, name: 'Front Desk' } });
  });

  it('allows 10 webhooks per workspace', async () => {
    const admin = await signUpAdmin(app, { businessName: 'Busy Dental' });
    for (let i = 0; i < 10; i++) {
      expect((await admin.client.post('/api/admin/webhooks', { url: `http://127.0.0.1:9/hook-${i}`, events: ['review.created'] })).status).toBe(201);
    }
    const refused = await admin.client.post('/api/admin/webhooks', { url: 'http://127.0.0.1:9/one-more', events: ['review.created'] });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('at most 10');
  });
});

// Not beside the tests above: a start queues again every workspace's old deliveries, and these tests
// write old ones.
describe('outbound webhooks left behind', () => {
  it('sends, once, a delivery left pending with no job (as a restored backup leaves it) when the deliveries are queued again at start', async () => {
    const target = await receiver();
    try {
      const office = await officeWithTeamAndTemplate(app);
      const { id: endpointId, secret } = (await office.client.post('/api/admin/webhooks', { url: target.url, events: ['request.logged'] })).json as {
        id: number;
        secret: string;
      };
      const deliveryId = randomUUID();
      const payload = JSON.stringify({ type: 'request.logged', timestamp: new Date().toISOString(), data: { id: 1 } });
      // Written a while ago: a younger one may be in its first try in the process that wrote it (decision 073).
      await app.database.db.insert(webhookDeliveries).values({
        id: deliveryId,
        workspaceId: office.workspaceId,
        endpointId,
        eventId: randomUUID(),
        eventType: 'request.logged',
        payload,
        status: 'pending',
        createdAt: new Date(Date.now() - 10 * 60_000),
      });
      const { jobs } = await getRuntime();
      expect(await requeueUnsentWebhookDeliveries(app.database.db, jobs)).toBeGreaterThanOrEqual(1);
      const got = await until(() => target.received.find((r) => r.headers['webhook-id'] === deliveryId));
      expect(verify(secret, got).type).toBe('request.logged');
      // A second start finds the job already there: nothing more is queued, nothing sent twice.
      expect(await requeueUnsentWebhookDeliveries(app.database.db, jobs)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(target.received.filter((r) => r.headers['webhook-id'] === deliveryId)).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it('makes a delivery a process left after its commit, found by a running instance, and leaves one in its first try to its process (decision 073)', async () => {
    const target = await receiver();
    try {
      const office = await officeWithTeamAndTemplate(app);
      const { id: endpointId } = (await office.client.post('/api/admin/webhooks', { url: target.url, events: ['request.logged'] })).json as { id: number };
      const pending = (id: string, createdAt: Date) =>
        app.database.db.insert(webhookDeliveries).values({
          id,
          workspaceId: office.workspaceId,
          endpointId,
          eventId: randomUUID(),
          eventType: 'request.logged',
          payload: JSON.stringify({ type: 'request.logged', timestamp: new Date().toISOString(), data: { id: 2 } }),
          status: 'pending',
          createdAt,
        });
      // Just written: as if another instance were making its first try now.
      const underWay = randomUUID();
      await pending(underWay, new Date());
      // Written two minutes ago by a process that ended before its first try was done.
      const left = randomUUID();
      await pending(left, new Date(Date.now() - 2 * 60_000));
      await until(() => target.received.find((r) => r.headers['webhook-id'] === left));
      const { jobs } = await getRuntime();
      expect(await requeueUnsentWebhookDeliveries(app.database.db, jobs)).toBe(0);
      expect(await jobs.job('webhook-delivery', underWay)).toBeNull();
      expect(target.received.map((r) => r.headers['webhook-id'])).toEqual([left]);
    } finally {
      await target.close();
    }
  });
});

describe('without ALLOW_PRIVATE_WEBHOOK_TARGETS', () => {
  it('refuses loopback, private and link-local targets', async () => {
    await app.close();
    app = await startApp({ DEFAULT_PLAN: 'team' });
    const admin = await signUpAdmin(app);
    for (const url of [
      'http://127.0.0.1:8080/x',
      'http://localhost/x',
      'http://10.0.0.8/x',
      'http://169.254.169.254/latest/meta-data',
      'http://[::ffff:127.0.0.1]/x',
    ]) {
      const res = await admin.client.post('/api/admin/webhooks', { url, events: ['review.created'] });
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual({ message: expect.stringContaining('public address'), field: 'url' });
    }
  });
});
