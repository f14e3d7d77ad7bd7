import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind, readPostgres, readStoppedFolder, throwawayPostgresDatabase } from '../helpers/database.ts';
import { freePort, spawnServer, type ServerProcess } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';
import { fakeStripeEnv, signStripeEvent, startFakeStripe, stripeEvent, type FakeStripe, type StripeEvent } from '../fakes/stripe-server.ts';

// The project standard for anything that answers 2xx to an outside party, applied to Stripe's webhook
// (INTEGRATIONS.md "Stripe"): kill -9 the server(s) in the middle of a burst of signed
// checkout.session.completed events, restart, replay what Stripe would (every event not answered 2xx,
// and some that were: Stripe may deliver twice), and count. Every event ever answered 2xx has its
// effect stored (the plan it names, the trial over) by the time the server is back, each event id is
// stored once in stripe_events, naming its workspace, and no event is "Applied" twice.

const WEBHOOK_SECRET = 'whsec_stripe_crash_test_0123456789';
const WORKSPACES = 40;
const PLANS = ['starter', 'team', 'agency'] as const;
type PaidPlan = (typeof PLANS)[number];
/**
 * The kills: SIGKILL `delayMs` after the `after`-th 2xx of the burst (like crm-crash's KILLS), or
 * after the `after`-th subscriptions.retrieve the burst makes of the fake Stripe. The webhook reads the
 * subscription before it writes, so a kill a few ms after such a read lands while events are between
 * Stripe's answer and their commit; a kill after a 2xx mostly finds the burst's events done (they
 * move in step) or not yet begun.
 */
const KILLS: { on: 'acknowledged' | 'stripe read'; after: number; delayMs: number }[] = [
  { on: 'stripe read', after: 8, delayMs: 1 },
  { on: 'acknowledged', after: 3, delayMs: 0 },
  { on: 'stripe read', after: 4, delayMs: 15 },
];

type Env = Record<string, string>;

interface Purchase {
  index: number;
  plan: PaidPlan;
  workspaceId: number;
  subscriptionId: string;
  customerId: string;
  admin: Client;
  event: StripeEvent;
}

interface Answer {
  status: number | null;
  message?: string;
  duplicate?: boolean;
}

const is2xx = (a: Answer) => a.status !== null && a.status >= 200 && a.status < 300;

class EventLog {
  readonly answers = new Map<string, Answer[]>();
  record(id: string, answer: Answer) {
    this.answers.set(id, [...(this.answers.get(id) ?? []), answer]);
  }
  of(id: string) {
    return this.answers.get(id) ?? [];
  }
  everAcknowledged(id: string) {
    return this.of(id).some(is2xx);
  }
}

async function startServer(env: Env): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnServer({
    APP_SECRET: TEST_APP_SECRET,
    REGISTRATIONS_PER_HOUR: '10000',
    ...env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  await server.ready();
  return server;
}

/** One delivery as Stripe makes it: signed afresh (a retry carries a new timestamp), the same event id. */
async function deliver(baseUrl: string, event: StripeEvent): Promise<Answer> {
  const { body, signature } = signStripeEvent(event, WEBHOOK_SECRET);
  try {
    const res = await fetch(`${baseUrl}/api/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let json: { message?: string; duplicate?: boolean } = {};
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: only the status counts.
    }
    return { status: res.status, message: json.message, duplicate: json.duplicate };
  } catch {
    return { status: null };
  }
}

/** N workspaces on a Starter trial whose owners went through Checkout and paid (the fake holds the subscriptions). */
async function purchases(servers: string[], fake: FakeStripe): Promise<Purchase[]> {
  const made: Purchase[] = [];
  const queue = Array.from({ length: WORKSPACES }, (_, i) => i);
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let index = queue.shift(); index !== undefined; index = queue.shift()) {
        const plan = PLANS[index % PLANS.length]!;
        const baseUrl = servers[index % servers.length]!;
        const admin = new Client(baseUrl, { origin: baseUrl });
        const workspace = newWorkspace({ plan: 'starter' });
        const registered = await admin.post('/api/register', workspace);
        if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
        const signedIn = await admin.post('/api/auth/admin', { password: workspace.adminPassword });
        if (signedIn.status !== 200) throw new Error(`admin: ${signedIn.status} ${signedIn.text}`);
        const checkout = await admin.post('/api/admin/billing/checkout', { plan });
        if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status} ${checkout.text}`);
        const { session, subscription } = fake.completeCheckout(String(checkout.json.url).split('/').at(-1)!);
        made.push({
          index,
          plan,
          workspaceId: Number(session.client_reference_id),
          subscriptionId: subscription.id,
          customerId: subscription.customer,
          admin,
          event: stripeEvent('checkout.session.completed', session),
        });
      }
    }),
  );
  return made.sort((a, b) => a.index - b.index);
}

/** What GET /api/admin/plan shows for each workspace: its plan and whether its trial is over. */
async function plansShown(list: Purchase[], baseUrl: string) {
  return Promise.all(
    list.map(async (p) => {
      // The admin's session, on whichever server is up now (sessions live in the database).
      const res = await fetch(`${baseUrl}/api/admin/plan`, { headers: { cookie: `rc_session=${p.admin.cookie('rc_session')}` } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`plan of workspace ${p.workspaceId}: ${res.status} ${text}`);
      const json = JSON.parse(text) as { plan: string; trialEndsAt: string | null };
      return { p, plan: json.plan, trialEndsAt: json.trialEndsAt };
    }),
  );
}

/** Events ever answered 2xx whose effect the workspace does not show: each a promise broken to Stripe. */
async function lostSoFar(list: Purchase[], log: EventLog, baseUrl: string) {
  return (await plansShown(list, baseUrl))
    .filter(({ p, plan, trialEndsAt }) => log.everAcknowledged(p.event.id) && (plan !== p.plan || trialEndsAt !== null))
    .map(({ p, plan, trialEndsAt }) => ({
      id: p.event.id,
      text: `${p.event.id} (workspace ${p.workspaceId} want ${p.plan}, shows ${plan} trial ${trialEndsAt}; answers ${JSON.stringify(log.of(p.event.id))})`,
    }));
}

interface StoredEvent {
  id: string;
  workspace_id: number | null;
}
interface StoredWorkspace {
  id: number;
  plan: string;
  trial_ends_at: unknown;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
}

async function storedRows(query: (sql: string) => Promise<unknown[]>) {
  return {
    events: (await query('SELECT id, workspace_id FROM stripe_events')) as StoredEvent[],
    workspaces: (await query('SELECT id, plan, trial_ends_at, stripe_subscription_id, stripe_customer_id FROM workspaces')) as StoredWorkspace[],
  };
}

/**
 * Starts `instances` servers, makes the purchases, then the KILLS: a burst of every event not yet
 * acknowledged (plus a quarter of the acknowledged ones, delivered again) spread over the servers,
 * SIGKILL mid-burst, restart on the same data, and check that every event acknowledged so far shows.
 * Then Stripe's retries until each event has a 2xx, and every event once more on two servers at once.
 * `read` reads the database directly once the servers are stopped.
 */
async function crashAndReplay(env: Env, instances: number, read: () => Promise<Awaited<ReturnType<typeof storedRows>>>) {
  const fake = await startFakeStripe();
  const fullEnv = { ...env, ...fakeStripeEnv(fake, WEBHOOK_SECRET) };
  const running: ServerProcess[] = [];
  const started = Date.now();
  try {
    const live = await Promise.all(Array.from({ length: instances }, () => startServer(fullEnv)));
    running.push(...live);
    const ready = Date.now() - started;
    const list = await purchases(
      live.map((s) => s.url),
      fake,
    );
    // Each subscriptions.retrieve the fake answers (it records the call, then answers at once).
    let onStripeRead = () => {};
    const record = fake.requests.push.bind(fake.requests);
    fake.requests.push = (...calls) => {
      const length = record(...calls);
      if (calls.some((c) => c.method === 'GET' && c.path.startsWith('/v1/subscriptions/'))) onStripeRead();
      return length;
    };
    const bought = Date.now() - started;
    const log = new EventLog();
    /** Each event found acknowledged but not in effect after a restart (the first time it was seen so). */
    const lostAfterRestart = new Map<string, string>();
    const cycles: string[] = [];

    for (const [n, plan] of KILLS.entries()) {
      const pending = list.filter((p) => !log.everAcknowledged(p.event.id));
      const again = list.filter((p) => log.everAcknowledged(p.event.id) && p.index % 4 === n % 4);
      const fired = [...pending, ...again];
      if (pending.length === 0) break;
      // Two instances: the first alone on bursts 1 and 3 (the other keeps serving), both on burst 2.
      const victims = instances === 1 || n % 2 === 1 ? live.map((_, i) => i) : [0];
      let atKill: { acknowledged: number; answered: number } | null = null;
      const progress = { acknowledged: 0, answered: 0 };
      const t0 = Date.now();
      let reads = 0;
      const killNow = () => {
        if (atKill) return;
        atKill = { ...progress };
        const doomed = victims.map((v) => live[v]!);
        setTimeout(() => doomed.forEach((server) => server.child.kill('SIGKILL')), plan.delayMs);
      };
      onStripeRead = () => {
        reads += 1;
        if (plan.on === 'stripe read' && reads >= plan.after) killNow();
      };
      await Promise.all(
        fired.map(async (p, i) => {
          const answer = await deliver(live[i % live.length]!.url, p.event);
          log.record(p.event.id, answer);
          if (answer.status === null) return;
          progress.answered += 1;
          if (is2xx(answer) && pending.includes(p)) progress.acknowledged += 1;
          if (plan.on === 'acknowledged' && progress.acknowledged >= plan.after) killNow();
        }),
      );
      onStripeRead = () => {};
      const killedAt = atKill as { acknowledged: number; answered: number } | null;
      cycles.push(
        `burst ${n + 1}: ${pending.length} pending + ${again.length} acknowledged again fired, ${progress.acknowledged} newly acknowledged, ${reads} Stripe reads in ${Date.now() - t0} ms; ` +
          (killedAt
            ? `killed ${victims.length === live.length ? 'all' : 'the first'} ${plan.delayMs} ms after the ${plan.after}th ${plan.on === 'acknowledged' ? '2xx' : 'Stripe read'}, when ${killedAt.answered} were answered and ${fired.length - killedAt.answered} under way`
            : 'ended before the kill'),
      );
      if (n === 0) {
        expect(killedAt, `the first burst ended before the kill: ${cycles[0]}`).not.toBeNull();
        expect(killedAt!.answered, `every event was answered before the kill: ${cycles[0]}`).toBeLessThan(fired.length);
      }
      if (!killedAt) continue;
      // The killed servers come back side by side, each on the same data once its process has ended.
      await Promise.all(
        victims.map(async (v) => {
          await live[v]!.stop('SIGKILL');
          live[v] = await startServer(fullEnv);
          running.push(live[v]!);
        }),
      );
      // Before any retry can repair it: what was acknowledged is there.
      for (const lost of await lostSoFar(list, log, live[0]!.url))
        if (!lostAfterRestart.has(lost.id)) lostAfterRestart.set(lost.id, `after burst ${n + 1}: ${lost.text}`);
    }

    // Stripe's retries of what was never acknowledged, until each has a 2xx.
    for (let round = 0; round < 5; round++) {
      const pending = list.filter((p) => !is2xx(log.of(p.event.id).at(-1) ?? { status: null }));
      if (pending.length === 0) break;
      await Promise.all(pending.map(async (p, i) => log.record(p.event.id, await deliver(live[(i + round) % live.length]!.url, p.event))));
    }
    // And every event once more, on two servers at the same moment (one twice when there is one).
    await Promise.all(list.flatMap((p, i) => [0, 1].map(async (k) => log.record(p.event.id, await deliver(live[(i + k) % live.length]!.url, p.event)))));

    const shown = await plansShown(list, live[0]!.url);
    await Promise.all(running.map((s) => s.stop('SIGKILL')));
    const stored = await read();

    const eventIds = new Set(list.map((p) => p.event.id));
    const rowsById = new Map<string, StoredEvent[]>();
    for (const row of stored.events) rowsById.set(row.id, [...(rowsById.get(row.id) ?? []), row]);
    const workspaceById = new Map(stored.workspaces.map((w) => [Number(w.id), w]));
    const verdict = {
      lostAfterRestart: [...lostAfterRestart.values()],
      neverAcknowledged: list.filter((p) => !log.everAcknowledged(p.event.id)).map((p) => p.event.id),
      refused: list
        .filter((p) => log.of(p.event.id).some((a) => a.status !== null && !is2xx(a)))
        .map((p) => `${p.event.id} ${JSON.stringify(log.of(p.event.id))}`),
      appliedTwice: list
        .filter((p) => log.of(p.event.id).filter((a) => a.message === 'Applied').length > 1)
        .map((p) => `${p.event.id} ${JSON.stringify(log.of(p.event.id))}`),
      wrongPlanShown: shown
        .filter(({ p, plan, trialEndsAt }) => plan !== p.plan || trialEndsAt !== null)
        .map(({ p, plan }) => `${p.workspaceId}: ${plan} (want ${p.plan})`),
      eventNotStoredOnce: list.filter((p) => rowsById.get(p.event.id)?.length !== 1).map((p) => `${p.event.id} x${rowsById.get(p.event.id)?.length ?? 0}`),
      eventOfWrongWorkspace: list
        .filter((p) => rowsById.get(p.event.id)?.[0] && rowsById.get(p.event.id)![0]!.workspace_id !== p.workspaceId)
        .map((p) => p.event.id),
      strangeEventRows: stored.events.filter((r) => !eventIds.has(r.id)).length,
      workspaceNotLinked: list
        .filter((p) => {
          const w = workspaceById.get(p.workspaceId);
          return !w || w.plan !== p.plan || w.trial_ends_at !== null || w.stripe_subscription_id !== p.subscriptionId || w.stripe_customer_id !== p.customerId;
        })
        .map((p) => `${p.workspaceId} ${JSON.stringify(workspaceById.get(p.workspaceId))}`),
    };
    const deliveries = [...log.answers.values()].reduce((sum, a) => sum + a.length, 0);
    const lateDuplicates = list.filter((p) => {
      const answers = log.of(p.event.id);
      const first = answers.findIndex(is2xx);
      return first > 0 && answers[first]!.duplicate === true;
    }).length;
    const report = [
      `${databaseKind}, ${instances} instance(s); ${WORKSPACES} workspaces, one checkout.session.completed each; ${deliveries} deliveries in all; servers up at ${ready} ms, purchases made at ${bought} ms, done at ${Date.now() - started} ms`,
      ...cycles,
      `events whose first 2xx was "already received" after unanswered attempts (stored by a killed request): ${lateDuplicates}`,
      ...Object.entries(verdict).map(([k, v]) => `${k}: ${Array.isArray(v) ? `${v.length}${v.length ? ` [${v.slice(0, 6).join('; ')}]` : ''}` : v}`),
    ].join('\n');
    console.log(report);
    const counts = Object.fromEntries(Object.entries(verdict).map(([k, v]) => [k, Array.isArray(v) ? v.length : v]));
    return { counts, report };
  } finally {
    await Promise.all(running.map((s) => s.stop('SIGKILL')));
    await fake.close();
  }
}

const NOTHING_WRONG = {
  lostAfterRestart: 0,
  neverAcknowledged: 0,
  refused: 0,
  appliedTwice: 0,
  wrongPlanShown: 0,
  eventNotStoredOnce: 0,
  eventOfWrongWorkspace: 0,
  strangeEventRows: 0,
  workspaceNotLinked: 0,
};

describe.runIf(databaseKind === 'pglite')('Stripe events across a kill -9, on the embedded database', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rc-stripe-crash-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'stores every acknowledged event once and its plan, after kill -9 mid-burst and the retries',
    async () => {
      // The server is stopped: its folder can be opened here.
      const read = () => readStoppedFolder(dir, storedRows);
      const { counts, report } = await crashAndReplay({ DATA_DIR: dir, DATABASE_URL: '' }, 1, read);
      expect(counts, report).toEqual(NOTHING_WRONG);
    },
    withServerStarts(2 + 2 * KILLS.length, 60_000),
  );
});

describe.skipIf(databaseKind !== 'postgres' || !process.env.TEST_DATABASE_URL)('Stripe events across a kill -9, on PostgreSQL with two instances', () => {
  const database = throwawayPostgresDatabase('rc_stripe_crash');

  it(
    'stores every acknowledged event once and its plan, with one or both instances killed mid-burst and the retries spread over both',
    async () => {
      const read = () => readPostgres(database.url(), storedRows);
      const { counts, report } = await crashAndReplay({ DATABASE_URL: database.url() }, 2, read);
      expect(counts, report).toEqual(NOTHING_WRONG);
    },
    withServerStarts(2 + 2 * KILLS.length, 60_000),
  );
});
