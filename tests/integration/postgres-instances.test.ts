import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMigrations } from '../../src/lib/db/migrate.ts';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind } from '../helpers/database.ts';
import { openEventStream } from '../helpers/event-stream.ts';
import { freePort, spawnServer } from '../helpers/server-process.ts';

// Several instances of the product on one PostgreSQL database, as in production.
describe.runIf(databaseKind === 'postgres')('instances sharing one PostgreSQL database', () => {
  const name = `rc_instances_${randomBytes(4).toString('hex')}`;
  let databaseUrl: string;
  let admin: postgres.Sql;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href;
    admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('start together, apply the migrations once, share their data and their live events', async () => {
    const env = { DATABASE_URL: databaseUrl, APP_SECRET: TEST_APP_SECRET };
    const a = spawnServer({ ...env, PORT: String(await freePort()) });
    const b = spawnServer({ ...env, PORT: String(await freePort()) });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const logs = [a.output(), b.output()];
      expect(logs.filter((log) => log.includes('Applied migrations')).length).toBe(1);

      const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
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
});
