// `npm run bench:queue`: the email job queue (pg-boss, decision 038) on the embedded database and,
// with TEST_DATABASE_URL or DATABASE_URL set, on PostgreSQL. For each:
//   - start: the queue's first start on a new database (pg-boss creates its schema), then a restart
//     on the same database;
//   - one email: from the commit of a logged request to the mail server's acceptance, median of 20;
//   - backlog: N emails queued while no worker runs (as after a restart with work waiting), then the
//     time the worker takes to deliver them all: the drain rate.
// The mail server is the tests' SMTP sink (a real SMTP conversation on loopback).
//
// Options: --backlog N (BENCH_QUEUE_BACKLOG, default 500).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { Database } from '#platform/db/database.ts';
import { migrate } from '#platform/db/migrate.ts';
import { pgliteDatabase } from '#platform/db/pglite.ts';
import { openPostgres } from '#platform/db/postgres.ts';
import { emailOutbox } from '#platform/db/schema.ts';
import { smtpMailer } from '#domain/email/mailer.ts';
import { emailWorker, queueOutboxMessage } from '#domain/email/outbox.ts';
import { startJobQueue, type JobQueue } from '#platform/jobs/queue.ts';
import { setLogLevel } from '#platform/log/log.ts';
import { unitWorkspace } from '#testing/unit-data.ts';
import { startSmtpSink } from '../tests/fakes/smtp-sink.ts';
import { loadAverage } from './lib/bench-run.ts';

const { values } = parseArgs({ options: { backlog: { type: 'string' } } });
const BACKLOG = Number(values.backlog ?? process.env.BENCH_QUEUE_BACKLOG ?? 500);
setLogLevel('error');

const ms = (start: number) => Math.round(performance.now() - start);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function until(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Stores and queues one email in one transaction, as logging a request does. */
async function queueEmail(database: Database, jobs: JobQueue, workspaceId: number, to: string) {
  await database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(emailOutbox)
      .values({ workspaceId, toAddress: to, fromName: 'Bench', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', status: 'pending' })
      .returning({ id: emailOutbox.id });
    await queueOutboxMessage(tx, jobs, { workspaceId, outboxId: row!.id, round: 0 });
  });
}

async function run(label: string, open: () => Promise<{ database: Database; reopen: () => Promise<Database>; done: () => Promise<void> }>) {
  const sink = await startSmtpSink();
  const sender = { mailer: smtpMailer(sink.url), fromAddress: 'bench@example.test' };
  const { database: first, reopen, done } = await open();
  await migrate(first);
  let start = performance.now();
  let jobs = await startJobQueue(first);
  const firstStart = ms(start);
  await jobs.stop(1000);
  const database = await reopen();
  start = performance.now();
  jobs = await startJobQueue(database);
  const restart = ms(start);
  const workspace = await unitWorkspace(database.db);

  for (let i = 0; i < BACKLOG; i++) await queueEmail(database, jobs, workspace.id, `backlog-${i}@example.test`);
  start = performance.now();
  await jobs.work('email', emailWorker(database, sender));
  await until(() => sink.messages.length >= BACKLOG, 300_000);
  const drainMs = ms(start);
  const duplicates = sink.messages.length - new Set(sink.messages.map((m) => m.envelope.to[0])).size;

  const single: number[] = [];
  for (let i = 0; i < 20; i++) {
    const to = `one-${i}@example.test`;
    start = performance.now();
    await queueEmail(database, jobs, workspace.id, to);
    await until(() => sink.messages.some((m) => m.envelope.to.includes(to)), 10_000);
    single.push(performance.now() - start);
  }

  await jobs.stop(5000);
  await sink.stop();
  await done();
  return {
    label,
    firstStart,
    restart,
    singleMedianMs: Math.round(median(single)),
    backlog: BACKLOG,
    drainMs,
    perSecond: Math.round((BACKLOG / drainMs) * 1000),
    duplicates,
  };
}

const results = [];
results.push(
  await run('embedded (PGlite)', async () => {
    const pg = await PGlite.create();
    const database = pgliteDatabase(pg);
    // In memory: "reopen" is the same database, as a restart on a data folder would find it.
    return { database, reopen: async () => database, done: () => database.close() };
  }),
);
const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (url) {
  const schema = `bench_queue_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE SCHEMA ${schema}`);
  try {
    let current = openPostgres(url, { searchPath: schema });
    results.push(
      await run('PostgreSQL', async () => ({
        database: current,
        reopen: async () => {
          await current.close();
          current = openPostgres(url, { searchPath: schema });
          return current;
        },
        done: () => current.close(),
      })),
    );
  } finally {
    await admin.unsafe(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    await admin.end();
  }
}
console.log(`load average ${loadAverage()}`);
console.table(results);
