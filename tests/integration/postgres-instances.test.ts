import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { readMigrations } from '#platform/db/migrate.ts';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind, throwawayPostgresDatabase } from '../helpers/database.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';
import { startFakeGoogle } from '../fakes/google-server.ts';
import { connectGoogle, googleEnv } from '../helpers/google.ts';

// Several instances of the product on one PostgreSQL database, as in production.
describe.runIf(databaseKind === 'postgres')('instances sharing one PostgreSQL database', { timeout: withServerStarts(2) }, () => {
  const database = throwawayPostgresDatabase('rc_instances');

  it('start together, apply the migrations once, share their data and their live events', async () => {
    const env = { DATABASE_URL: database.url(), APP_SECRET: TEST_APP_SECRET };
    const a = spawnServer({ ...env, PORT: String(await freePort()) });
    const b = spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const logs = [a.output(), b.output()];
      expect(logs.filter((log) => log.includes('Applied migrations')).length).toBe(1);

      const db = postgres(database.url(), { max: 1, onnotice: () => {} });
      const rows = await db`SELECT name FROM schema_migrations ORDER BY name`;
      await db.end();
      expect(rows.map((r) => r.name)).toEqual(readMigrations().map((m) => m.name));

      const workspace = newWorkspace();
      const viaA = new Client(a.url);
      expect((await viaA.post('/api/register', workspace)).status).toBe(201);
      const viaB = new Client(b.url);
      expect((await viaB.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);

      // A change made through A reaches a client of B (NOTIFY fan-out).
      const stream = await openEventStream(`${b.url}/api/events`, { cookie: `rc_session=${viaB.cookie('rc_session')}` });
      try {
        await stream.waitFor((e) => e.event === 'data_update');
        await viaA.post('/api/auth/admin', { password: workspace.adminPassword });
        await viaA.post('/api/test-review', { reviewerName: 'Across', rating: 5, reviewText: 'Seen on B', source: 'google' });
        const added = await stream.waitFor((e) => e.event === 'reviewAdded');
        expect(added.data.data.totals.googleReviews).toBe(1);
      } finally {
        await stream.close();
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('give an event the same id on every instance: a screen that reconnects to the other one gets what it missed', async () => {
    const env = { DATABASE_URL: database.url(), APP_SECRET: TEST_APP_SECRET };
    const a = spawnServer({ ...env, PORT: String(await freePort()) });
    const b = spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const workspace = newWorkspace();
      const viaA = new Client(a.url);
      expect((await viaA.post('/api/register', workspace)).status).toBe(201);
      await viaA.post('/api/auth/admin', { password: workspace.adminPassword });
      const cookie = `rc_session=${viaA.cookie('rc_session')}`;

      const onA = await openEventStream(`${a.url}/api/events`, { cookie });
      let lastSeen: string;
      try {
        await onA.waitFor((e) => e.event === 'data_update');
        await viaA.post('/api/teams', { name: 'Front Desk', color: '#10B981' });
        lastSeen = (await onA.waitFor((e) => e.event === 'data_update' && e.id !== undefined)).id!;
      } finally {
        await onA.close();
      }
      await viaA.post('/api/test-review', { reviewerName: 'While Away', rating: 5, reviewText: 'Missed on A', source: 'google' });

      const onB = await openEventStream(`${b.url}/api/events`, { cookie, 'last-event-id': lastSeen });
      try {
        const missed = await onB.waitFor((e) => e.event === 'reviewAdded');
        expect(missed.data).toMatchObject({ celebration: true, review: { reviewerName: 'While A.' } });
      } finally {
        await onB.close();
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('run the Google sync on one schedule: each tick syncs a workspace once, and each review is stored once', async () => {
    const fake = await startFakeGoogle({ reviews: 120 });
    const env = { DATABASE_URL: database.url(), APP_SECRET: TEST_APP_SECRET, DEFAULT_PLAN: 'team', ...googleEnv(fake), GOOGLE_SYNC_SCHEDULE: '*/4 * * * * *' };
    const a = spawnServer({ ...env, PORT: String(await freePort()) });
    const b = spawnServer({ ...env, PORT: String(await freePort()) });
    const db = postgres(database.url(), { max: 1, onnotice: () => {} });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const workspace = newWorkspace();
      const viaA = new Client(a.url);
      expect((await viaA.post('/api/register', workspace)).status).toBe(201);
      await viaA.post('/api/auth/admin', { password: workspace.adminPassword });
      expect((await connectGoogle(viaA)).searchParams.get('gmb_connected')).toBe('true');
      expect((await viaA.get('/api/gmb/try-discover')).json.success).toBe(true);

      const path = `/v4/${fake.locationPath()}/reviews`;
      const firstPages = () => fake.requests.filter((r) => r.path === path && !r.query.pageToken);
      const allPages = () => fake.requests.filter((r) => r.path === path);
      const deadline = Date.now() + 25_000;
      while ((firstPages().length < 3 || allPages().length < firstPages().length * 3) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      // Time for a second sync in the same tick to show itself, if the lock let one through.
      await new Promise((r) => setTimeout(r, 1500));
      await Promise.all([a.stop(), b.stop()]);

      // Three ticks ran; in each, one instance synced and the other found it done or under way.
      const starts = firstPages().map((r) => r.at);
      expect(starts.length).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThan(2000);
      expect(allPages()).toHaveLength(starts.length * 3);
      const [row] = await db`SELECT count(*)::int AS n, count(DISTINCT external_id)::int AS distinct_ids FROM reviews WHERE source = 'google'`;
      expect(row).toEqual({ n: 120, distinct_ids: 120 });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await db.end();
      await fake.close();
    }
  });
});
