import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/app.ts';
import { signUpAdmin } from '../helpers/accounts.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { openEventStream } from '../helpers/event-stream.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(() => app.close());

const review = { reviewerName: 'Sam Lee', rating: 5, reviewText: 'Lovely team', source: 'google' };

describe('GET /api/dashboard', () => {
  it('answers the SPEC.md payload, counting a new review for the Unknown team', async () => {
    const { client, workspace } = await signUpAdmin(app);
    expect((await client.post('/api/test-review', review)).status).toBe(201);
    const res = await client.get('/api/dashboard');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      teams: [
        {
          id: expect.any(Number),
          name: 'Unknown',
          color: '#6B7280',
          reviews: 1,
          reviewRequestsSent: 0,
          googleReviewsConfirmed: 1,
          averageRating: 50,
          // Issue 13: an unmatched review counts for nobody's score.
          score: 0,
          scoreParts: expect.any(Object),
          weekReviews: 1,
        },
      ],
      totals: { requestsSent: 0, googleReviews: 1 },
      targetReviews: 120,
      companyName: workspace.businessName,
      companyLogo: null,
      week: { number: 1, startsAt: expect.any(String), endsAt: expect.any(String), goal: null, reviews: 1 },
    });
    expect(res.json.teams).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await new Client(app.url).get('/api/dashboard')).status).toBe(401);
  });
});

describe('GET /api/events', () => {
  it('sends the current data on connect, then reviewAdded with the celebration flag', async () => {
    const { client, cookie } = await signUpAdmin(app);
    const stream = await openEventStream(`${app.url}/api/events`, { cookie: cookie() });
    try {
      expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await stream.waitFor((e) => e.event === 'data_update');
      expect(first.data.data.totals.googleReviews).toBe(0);

      await client.post('/api/test-review', review);
      const added = await stream.waitFor((e) => e.event === 'reviewAdded');
      expect(added.data.celebration).toBe(true);
      expect(added.data.data.totals.googleReviews).toBe(1);
      // Screens name a reviewer by first name and initial (issue 33): the full name is never sent to them.
      expect(added.data.review).toEqual({ reviewerName: 'Sam L.', rating: 5 });
    } finally {
      await stream.close();
    }
  });

  it('sends no reviewer name the screens would not show: names turned off, or 3 stars or fewer', async () => {
    const { client, cookie } = await signUpAdmin(app);
    const stream = await openEventStream(`${app.url}/api/events`, { cookie: cookie() });
    try {
      await stream.waitFor((e) => e.event === 'data_update');
      await client.post('/api/test-review', { ...review, rating: 2 });
      expect((await stream.waitFor((e) => e.event === 'reviewAdded')).data.review).toEqual({ reviewerName: null, rating: 2 });
      expect((await client.request('PUT', '/api/settings/show_reviewer_names', { value: 'false' })).status).toBe(200);
      await client.post('/api/test-review', { ...review, reviewerName: 'Kim Park' });
      const hidden = await stream.waitFor((e) => e.event === 'reviewAdded' && e.data.review?.rating === 5);
      expect(hidden.data.review).toEqual({ reviewerName: null, rating: 5 });
    } finally {
      await stream.close();
    }
  });

  it('gives each event an id and a retry hint, and replays what a reconnecting screen missed, with its celebration', async () => {
    const { client, cookie } = await signUpAdmin(app);
    const first = await openEventStream(`${app.url}/api/events`, { cookie: cookie() });
    let lastSeen: string;
    try {
      await first.waitFor((e) => e.event === 'data_update');
      expect(first.retryHintMs).toBeGreaterThan(0);
      await client.post('/api/teams', { name: 'Front Desk', color: '#10B981' });
      lastSeen = (await first.waitFor((e) => e.event === 'data_update' && e.id !== undefined)).id!;
    } finally {
      await first.close();
    }

    // Away (a network blip, a restart): a review arrives and celebrates nowhere.
    expect((await client.post('/api/test-review', review)).status).toBe(201);

    const back = await openEventStream(`${app.url}/api/events`, { cookie: cookie(), 'last-event-id': lastSeen });
    try {
      const missed = await back.waitFor((e) => e.event === 'reviewAdded');
      expect(missed.data).toMatchObject({ celebration: true, review: { reviewerName: 'Sam L.', rating: 5 } });
      expect(missed.data.data.totals.googleReviews).toBe(1);
      expect(missed.id).toMatch(/\S+/);
      await new Promise((r) => setTimeout(r, 200));
      expect(back.events.filter((e) => e.event === 'reviewAdded')).toHaveLength(1);
    } finally {
      await back.close();
    }

    // The page's own reconnect names it in the query; an id it does not know gets the current data.
    const byQuery = await openEventStream(`${app.url}/api/events?lastEventId=${encodeURIComponent(lastSeen)}`, { cookie: cookie() });
    try {
      expect((await byQuery.waitFor((e) => e.event === 'reviewAdded')).data.celebration).toBe(true);
    } finally {
      await byQuery.close();
    }
    const unknown = await openEventStream(`${app.url}/api/events`, { cookie: cookie(), 'last-event-id': 'not-an-event' });
    try {
      const current = await unknown.waitFor((e) => e.event === 'data_update');
      expect(current.data.data.totals.googleReviews).toBe(1);
      expect(current.data.celebration).toBeUndefined();
      await new Promise((r) => setTimeout(r, 200));
      expect(unknown.events.map((e) => e.event)).toEqual(['data_update']);
    } finally {
      await unknown.close();
    }
  });

  it('lets one sign-in hold 10 streams at once, and another sign-in its own', async () => {
    const { cookie, workspace } = await signUpAdmin(app);
    const open = await Promise.all(Array.from({ length: 10 }, () => openEventStream(`${app.url}/api/events`, { cookie: cookie() })));
    try {
      expect(open.every((s) => s.response.status === 200)).toBe(true);
      const refused = await fetch(`${app.url}/api/events`, { headers: { cookie: cookie() } });
      expect(refused.status).toBe(429);
      expect((await refused.json()).message).toMatch(/Too many live connections/);
      const colleague = new Client(app.url, { origin: app.url });
      await colleague.post('/api/auth/login', { slug: workspace.slug, password: workspace.password });
      const theirs = await openEventStream(`${app.url}/api/events`, { cookie: `rc_session=${colleague.cookie('rc_session')}` });
      expect(theirs.response.status).toBe(200);
      await theirs.close();
    } finally {
      await Promise.all(open.map((s) => s.close()));
    }
    // Closed streams are counted out.
    await new Promise((r) => setTimeout(r, 100));
    const again = await openEventStream(`${app.url}/api/events`, { cookie: cookie() });
    expect(again.response.status).toBe(200);
    await again.close();
  });

  it('sends data_update when a team changes, and celebration for the demo button', async () => {
    const { client, cookie } = await signUpAdmin(app);
    const stream = await openEventStream(`${app.url}/api/events`, { cookie: cookie() });
    try {
      await stream.waitFor((e) => e.event === 'data_update');
      await client.post('/api/teams', { name: 'Tax Team', color: '#F59E0B' });
      const update = await stream.waitFor((e) => e.event === 'data_update' && e.data.data.teams.length === 2);
      expect(update.data.data.teams.map((t: { name: string }) => t.name)).toEqual(['Tax Team', 'Unknown']);

      expect((await client.post('/api/demo-celebration')).status).toBe(200);
      const celebration = await stream.waitFor((e) => e.event === 'celebration');
      expect(celebration.data.celebration).toBe(true);
    } finally {
      await stream.close();
    }
  });

  it('never delivers an event of another workspace', async () => {
    const x = await signUpAdmin(app);
    const y = await signUpAdmin(app);
    const ofY = await openEventStream(`${app.url}/api/events`, { cookie: y.cookie() });
    const ofX = await openEventStream(`${app.url}/api/events`, { cookie: x.cookie() });
    try {
      await ofY.waitFor((e) => e.event === 'data_update');
      await x.client.post('/api/test-review', review);
      await x.client.post('/api/demo-celebration');
      await ofX.waitFor((e) => e.event === 'celebration');
      // X's events reached X's stream; give Y's the same time, then check it saw only its own first update.
      await new Promise((r) => setTimeout(r, 300));
      expect(ofY.events.map((e) => e.event)).toEqual(['data_update']);
    } finally {
      await Promise.all([ofX.close(), ofY.close()]);
    }
  });

  it('needs a session', async () => {
    const res = await fetch(`${app.url}/api/events`);
    expect(res.status).toBe(401);
  });
});

describe('POST /api/test-review', () => {
  it('is for admins, and asks for every field', async () => {
    const staff = new Client(app.url);
    await staff.post('/api/register', newWorkspace());
    expect((await staff.post('/api/test-review', review)).status).toBe(403);

    const { client } = await signUpAdmin(app);
    const missing = await client.post('/api/test-review', { ...review, reviewText: '  ' });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('Please fill in all fields');
    expect((await client.post('/api/test-review', { ...review, rating: 6 })).status).toBe(400);
  });
});
