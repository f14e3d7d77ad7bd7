import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_PUSH_PATH } from '#shared/paths.ts';
import { startFakeGoogle } from '../fakes/google-server.ts';
import { startFakePubSub } from '../fakes/pubsub-pusher.ts';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind, readPostgres, readStoppedFolder, throwawayPostgresDatabase } from '../helpers/database.ts';
import { withServerStarts } from '../helpers/deadlines.ts';
import { connectGoogle, googleEnv } from '../helpers/google.ts';
import { freePort, spawnServer, type ServerProcess } from '../helpers/server-process.ts';
import { until } from '../helpers/until.ts';

// Issue 30's acceptance: kill -9 while 50 pushes arrive, then Pub/Sub's redelivery: every review
// stored once. 50 reviews are added on the fake Google, each published to the fake Pub/Sub, which
// pushes each to the product until it is answered 2xx. The server the subscription pushes to is
// killed after the KILL_AFTER-th 2xx, with pushes still under way and google-push jobs running, and
// started again on the same data and port. A 2xx promised that the look at the review was queued:
// a message acknowledged before the kill gets no redelivery, so its job must survive the kill.
// Much of the test's time is the product's own wait: the google-push job that was running at the
// kill is retried only once it expires (EXPIRED_JOB_RETRIED_MS); the rest are done well before.

const REVIEWS = 50;
const KILL_AFTER = 15;
const TOPIC = 'projects/review-challenge-test/topics/gbp-reviews';
/**
 * A google-push job running when its process was killed is taken up again once it expires (the
 * tests' schedule: 6 s, src/platform/jobs/queue.ts), found by the supervisor's pass (5 s in the tests).
 */
const EXPIRED_JOB_RETRIED_MS = 6_000 + 5_000 + 1_000;

type Env = Record<string, string>;

async function startServer(env: Env, port?: number): Promise<ServerProcess> {
  const listen = port ?? (await freePort());
  const server = spawnServer({ APP_SECRET: TEST_APP_SECRET, DEFAULT_PLAN: 'team', ...env, PORT: String(listen), PUBLIC_URL: `http://127.0.0.1:${listen}` });
  await server.ready();
  return server;
}

interface Stored {
  reviews: { external_id: string; n: number }[];
  messages: { message_id: string }[];
}

async function storedRows(query: (sql: string) => Promise<unknown[]>): Promise<Stored> {
  return {
    reviews: (await query("SELECT external_id, count(*)::int AS n FROM reviews WHERE source = 'google' GROUP BY external_id")) as Stored['reviews'],
    messages: (await query('SELECT message_id FROM google_push_messages')) as Stored['messages'],
  };
}

/**
 * Starts `instances` servers on `env` (the first is the one Pub/Sub pushes to), connects a workspace
 * to the fake Google with its notification setting registered, adds the REVIEWS, kills the first
 * server mid-burst and starts it again on its port. Then Pub/Sub's redelivery until every message is
 * acknowledged, and the wait until the admin list shows every review. `read` reads the database
 * directly once the servers are stopped.
 */
async function pushesAcrossAKill(env: Env, instances: number, read: () => Promise<Stored>) {
  const [google, pubsub] = await Promise.all([startFakeGoogle(), startFakePubSub()]);
  // Each message's review, as the fake Google publishes it.
  const reviewOf = new Map<string, string>();
  google.publishTo({
    topic: pubsub.topic,
    publish: (topic, notification) => {
      const messageId = pubsub.publish(topic, notification);
      reviewOf.set(messageId, (notification as { reviewName: string }).reviewName.split('/').at(-1)!);
      return messageId;
    },
  });
  pubsub.createTopic(TOPIC);
  const fullEnv: Env = {
    ...env,
    ...googleEnv(google),
    GOOGLE_PUBSUB_PUSH_ACCOUNT: pubsub.account,
    GOOGLE_OIDC_CERTS_URL: pubsub.certsUrl,
    GOOGLE_PUBSUB_TOPIC: TOPIC,
    // Once a day, half a day from now: a sync comes only from a push that could not fetch its review.
    GOOGLE_SYNC_SCHEDULE: `0 ${(new Date().getHours() + 12) % 24} * * *`,
  };
  const running: ServerProcess[] = [];
  const started = Date.now();
  const at = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  try {
    const pushPort = await freePort();
    const live = await Promise.all(Array.from({ length: instances }, (_, i) => startServer(fullEnv, i === 0 ? pushPort : undefined)));
    running.push(...live);
    const endpoint = `${live[0]!.url}${GOOGLE_PUSH_PATH}`;
    pubsub.subscribe(TOPIC, endpoint);
    const ready = at();

    const workspace = newWorkspace();
    const admin = new Client(live[0]!.url);
    expect((await admin.post('/api/register', workspace)).status).toBe(201);
    expect((await admin.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
    expect((await connectGoogle(admin)).searchParams.get('gmb_connected')).toBe('true');
    expect((await admin.get('/api/gmb/status')).json.push).toMatchObject({ registered: true });

    // The burst: 50 reviews, each published as it is added; the kill after the KILL_AFTER-th 2xx.
    const reviewGets = () => google.calls('/v4/accounts/', 'GET').filter((c) => c.path.includes('/reviews/')).length;
    const listReads = () => google.calls('/v4/accounts/', 'GET').filter((c) => c.path.endsWith('/reviews')).length;
    const acknowledged = new Set<string>();
    const answered = new Set<string>();
    let atKill: { acknowledged: number; answered: number; reviewGets: number } | null = null;
    const stopListening = pubsub.onDelivery((delivery) => {
      if (delivery.status === 'unreachable') return;
      answered.add(delivery.messageId);
      if (delivery.status >= 200 && delivery.status < 300) acknowledged.add(delivery.messageId);
      if (!atKill && acknowledged.size >= KILL_AFTER) {
        atKill = { acknowledged: acknowledged.size, answered: answered.size, reviewGets: reviewGets() };
        live[0]!.child.kill('SIGKILL');
      }
    });
    const burstStarted = at();
    for (let n = 1; n <= REVIEWS; n++) google.addReview({ displayName: `Pushed Reviewer ${n}`, starRating: 'FIVE', comment: `Review ${n} of the burst` });
    expect(reviewOf.size).toBe(REVIEWS);
    await live[0]!.exited;
    const killed = atKill as { acknowledged: number; answered: number; reviewGets: number } | null;
    const acknowledgedBeforeKill = new Set(acknowledged);
    expect(killed, 'the burst ended before the kill').not.toBeNull();
    expect(killed!.answered, 'every push was answered before the kill').toBeLessThan(REVIEWS);

    live[0] = await startServer(fullEnv, pushPort);
    running.push(live[0]!);
    const restarted = at();
    await pubsub.acknowledged();
    const allAcknowledged = at();
    stopListening();

    // Every review, on the admin list (read on the last server started); then the rows themselves.
    const names = Array.from({ length: REVIEWS }, (_, i) => `Pushed Reviewer ${i + 1}`);
    const progress: string[] = [];
    const shown = await until(
      async () => {
        const listed = ((await admin.get('/api/admin/google-reviews?limit=100')).json as { reviewerName: string | null }[]).map((r) => r.reviewerName);
        const ofOurs = names.filter((name) => listed.includes(name)).length;
        if (!progress.at(-1)?.startsWith(`${ofOurs} `)) progress.push(`${ofOurs} at ${at()}`);
        return listed;
      },
      (listed) => names.every((name) => listed.includes(name)),
      EXPIRED_JOB_RETRIED_MS + 60_000,
    );
    const allShown = at();
    await Promise.all(running.map((s) => s.stop('SIGKILL')));
    const stored = await read();

    const ours = new Set(reviewOf.values());
    const rowsOf = new Map(stored.reviews.map((r) => [r.external_id, r.n]));
    const kept = new Set(stored.messages.map((m) => m.message_id));
    const statuses = new Map<string, number>();
    for (const d of pubsub.deliveries()) statuses.set(String(d.status), (statuses.get(String(d.status)) ?? 0) + 1);
    const verdict = {
      notStoredOnce: [...ours].filter((id) => rowsOf.get(id) !== 1).map((id) => `${id} x${rowsOf.get(id) ?? 0}`),
      acknowledgedBeforeKillNotStored: [...acknowledgedBeforeKill].filter((id) => rowsOf.get(reviewOf.get(id)!) !== 1),
      notShown: names.filter((name) => !shown.includes(name)),
      messageNotKept: [...reviewOf.keys()].filter((id) => !kept.has(id)),
      refused: pubsub
        .deliveries()
        .filter((d) => typeof d.status === 'number' && d.status >= 400 && d.status < 500)
        .map((d) => `${d.messageId} ${d.status}`),
      strangeRows: stored.reviews.filter((r) => !ours.has(r.external_id)).length,
    };
    const report = [
      `${databaseKind}, ${instances} instance(s), pushes to the first; ${REVIEWS} reviews added on the fake Google, each published once`,
      `servers up at ${ready}, burst from ${burstStarted}; killed after the ${KILL_AFTER}th 2xx, when ${killed!.answered} pushes were answered, ${REVIEWS - killed!.answered} under way or not yet sent, and the jobs had fetched ${killed!.reviewGets} reviews`,
      `restarted at ${restarted}; every message acknowledged at ${allAcknowledged}; every review listed at ${allShown} (reviews listed: ${progress.join(', ')})`,
      `push attempts by answer: ${JSON.stringify(Object.fromEntries(statuses))}; reviews fetched one by one: ${reviewGets()}, location lists read (syncs): ${listReads()}`,
      ...Object.entries(verdict).map(([k, v]) => `${k}: ${Array.isArray(v) ? `${v.length}${v.length ? ` [${v.slice(0, 6).join('; ')}]` : ''}` : v}`),
    ].join('\n');
    console.log(report);
    return { counts: Object.fromEntries(Object.entries(verdict).map(([k, v]) => [k, Array.isArray(v) ? v.length : v])), report };
  } finally {
    await Promise.all(running.map((s) => s.stop('SIGKILL')));
    await pubsub.close();
    await google.close();
  }
}

const NOTHING_WRONG = { notStoredOnce: 0, acknowledgedBeforeKillNotStored: 0, notShown: 0, messageNotKept: 0, refused: 0, strangeRows: 0 };
const WORK_MS = EXPIRED_JOB_RETRIED_MS + 90_000;

describe.runIf(databaseKind === 'pglite')('Google pushes across a kill -9, on the embedded database', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rc-push-crash-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'stores every review once, after kill -9 while 50 pushes arrive and the redelivery',
    async () => {
      // The server is stopped: its folder can be opened here.
      const read = () => readStoppedFolder(dir, storedRows);
      const { counts, report } = await pushesAcrossAKill({ DATA_DIR: dir, DATABASE_URL: '' }, 1, read);
      expect(counts, report).toEqual(NOTHING_WRONG);
    },
    withServerStarts(2, WORK_MS),
  );
});

describe.runIf(databaseKind === 'postgres')('Google pushes across a kill -9, on PostgreSQL with two instances', () => {
  const database = throwawayPostgresDatabase('rc_push_crash');

  it(
    'stores every review once, after kill -9 of the instance pushed to while 50 pushes arrive, the other working on, and the redelivery',
    async () => {
      const read = () => readPostgres(database.url(), storedRows);
      const { counts, report } = await pushesAcrossAKill({ DATABASE_URL: database.url() }, 2, read);
      expect(counts, report).toEqual(NOTHING_WRONG);
    },
    withServerStarts(3, WORK_MS),
  );
});
