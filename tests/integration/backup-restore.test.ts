import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteFolder } from '#platform/db/pglite.ts';
import { openPostgres } from '#platform/db/postgres.ts';
import type { Database } from '#platform/db/database.ts';
import { AlertReceiver } from '../fakes/alert-receiver.ts';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind, throwawayPostgresDatabase } from '../helpers/database.ts';
import { freePort, runCli, spawnServer } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

// A workspace with data on the embedded database, backed up with the server stopped, restored into
// an empty data folder and (on the PostgreSQL project) into a new PostgreSQL database. The backup is
// taken while a Slack alert and a webhook delivery are still being retried (their receivers are
// down): the restored product makes them (issue 27, item 18), though the queue's jobs stayed behind.

const root = mkdtempSync(join(tmpdir(), 'rc-backup-'));
const source = join(root, 'source');
const backupFile = join(root, 'backup.sql');
const embedded = { DATABASE_URL: '', APP_SECRET: TEST_APP_SECRET, ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' };
const slack = new AlertReceiver('slack');
const webhookTarget = new AlertReceiver('slack');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const workspace = newWorkspace();
let dashboard: unknown;
let sourceCounts: Record<string, number>;

async function rowCounts(database: Database): Promise<Record<string, number>> {
  return database.transaction(async (tx) => {
    const tables = await tx.query<{ name: string }>(
      "SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace ORDER BY relname",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) counts[name] = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`))[0]!.n;
    return counts;
  });
}

/** Waits, while the restored product runs, for the alert and the delivery it owed to be made. */
async function owedPostsMade(): Promise<void> {
  const before = { slack: slack.posts.length, webhook: webhookTarget.posts.length };
  slack.failNext = 0;
  webhookTarget.failNext = 0;
  for (let i = 0; i < 200 && (slack.posts.length === before.slack || webhookTarget.posts.length === before.webhook); i++) await pause(100);
  expect(slack.texts().at(-1)).toBe("★★★★★ A new 5-star review for O'Brien's desk, thanks to Ann! (" + workspace.businessName + ')');
  expect(webhookTarget.posts.at(-1)!.body).toMatchObject({ type: 'review.created' });
  expect(slack.posts.length - before.slack).toBe(1);
}

async function servedDashboard(env: Record<string, string>): Promise<unknown> {
  const server = spawnServer({ ...env, PORT: String(await freePort()) });
  try {
    await server.ready();
    const client = new Client(server.url);
    expect((await client.post('/api/auth/login', { slug: workspace.slug, password: workspace.password })).status).toBe(200);
    const res = await client.get('/api/dashboard');
    expect(res.status).toBe(200);
    await owedPostsMade();
    return res.json;
  } finally {
    await server.stop();
  }
}

beforeAll(
  async () => {
    await Promise.all([slack.start(), webhookTarget.start()]);
    slack.failNext = webhookTarget.failNext = Number.MAX_SAFE_INTEGER;
    const server = spawnServer({ ...embedded, DATA_DIR: source, PORT: String(await freePort()) });
    try {
      await server.ready();
      const client = new Client(server.url);
      expect((await client.post('/api/register', workspace)).status).toBe(201);
      await client.post('/api/auth/admin', { password: workspace.adminPassword });
      const team = (await client.post('/api/teams', { name: "O'Brien's desk" })).json as { id: number };
      const template = (await client.post('/api/email-templates', { name: 'T', subject: 'Thanks {firstName}', htmlContent: '<p>Hi</p>' })).json as {
        id: number;
      };
      const request = {
        staffFirstName: 'Ann',
        staffEmail: 'ann@example.test',
        teamId: team.id,
        email: 'zoe.lee@example.test',
        firstName: 'Zoë',
        lastName: 'Lee',
        templateId: template.id,
      };
      expect((await client.request('PUT', '/api/admin/alerts', { slackWebhookUrl: slack.url })).status).toBe(200);
      expect((await client.post('/api/admin/webhooks', { url: webhookTarget.url, events: ['review.created'] })).status).toBe(201);
      expect((await client.post('/api/review-requests', request)).status).toBe(201);
      expect((await client.post('/api/test-review', { reviewerName: 'Zoë Lee', rating: 5, reviewText: 'Great — "really"', source: 'google' })).status).toBe(
        201,
      );
      dashboard = (await client.get('/api/dashboard')).json;
      // Each first attempt is refused: what the backup holds is still to be retried.
      for (let i = 0; i < 200 && (slack.posts.length === 0 || webhookTarget.posts.length === 0); i++) await pause(100);
      expect(slack.posts.length * webhookTarget.posts.length).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
    const database = await openPgliteFolder(source);
    sourceCounts = await rowCounts(database);
    await database.close();
    expect(sourceCounts).toMatchObject({ workspaces: 1, teams: 2, review_requests: 1, reviews: 1, staff: 1, alert_posts: 1, webhook_deliveries: 1 });

    const backup = await runCli(['backup', backupFile], { ...embedded, DATA_DIR: source });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
  },
  withServerStarts(2, 60_000),
);
afterAll(async () => {
  await Promise.all([slack.stop(), webhookTarget.stop()]);
  rmSync(root, { recursive: true, force: true });
});

it('refuses to write over an existing file', async () => {
  const again = await runCli(['backup', backupFile], { ...embedded, DATA_DIR: source });
  expect(again.code).toBe(2);
  expect(again.stderr).toMatch(/already exists/);
});

describe.runIf(databaseKind === 'pglite')('restored into an empty data folder', () => {
  const target = join(root, 'target');

  it(
    'has every row back and the product serves it; a second restore is refused',
    async () => {
      const restored = await runCli(['restore', backupFile], { ...embedded, DATA_DIR: target });
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toMatch(/Restored 1 workspace/);
      const again = await runCli(['restore', backupFile], { ...embedded, DATA_DIR: target });
      expect(again.code).toBe(2);
      expect(again.stderr).toMatch(/already holds Review Challenge data.*new, empty folder/);

      const database = await openPgliteFolder(target);
      expect(await rowCounts(database)).toEqual(sourceCounts);
      await database.close();
      expect(await servedDashboard({ ...embedded, DATA_DIR: target })).toEqual(dashboard);
    },
    withServerStarts(2, 60_000),
  );
});

describe.runIf(databaseKind === 'postgres')('restored into a new PostgreSQL database', () => {
  const database = throwawayPostgresDatabase('rc_restore');

  it(
    'has every row back and the product serves it',
    async () => {
      const env = { ...embedded, DATABASE_URL: database.url() };
      const restored = await runCli(['restore', backupFile], env);
      expect(restored.stderr).toBe('');
      expect(restored.code).toBe(0);
      const server = openPostgres(database.url(), { max: 1 });
      expect(await rowCounts(server)).toEqual(sourceCounts);
      await server.close();
      expect(await servedDashboard(env)).toEqual(dashboard);
      expect((await runCli(['restore', backupFile], env)).stderr).toMatch(/already holds Review Challenge data.*new database/);
    },
    withServerStarts(2, 60_000),
  );
});
