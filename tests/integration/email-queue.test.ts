import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.ts';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind, throwawayPostgresDatabase } from '../helpers/database.ts';
import { freePort, spawnServer, type ServerProcess } from '../helpers/server-process.ts';
import { withServerStarts } from '../helpers/deadlines.ts';

// Issue 14, point 1: emails go through the durable job queue. Servers run as `npm start` runs them,
// against a real SMTP server on loopback that is down for a while.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnServer({ APP_SECRET: TEST_APP_SECRET, DEFAULT_PLAN: 'team', ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await server.ready();
  return server;
}

/** A workspace with a team and a template, its admin signed in on `url`. */
async function office(url: string) {
  const client = new Client(url, { origin: url });
  const workspace = newWorkspace();
  expect((await client.post('/api/register', workspace)).status).toBe(201);
  expect((await client.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
  const team = await client.post('/api/teams', { name: 'Front Desk' });
  const template = await client.post('/api/email-templates', { name: 'Thanks', subject: 'How did we do, {firstName}?', htmlContent: '<p>Hi {firstName}</p>' });
  expect([team.status, template.status]).toEqual([201, 201]);
  return { client, workspace, teamId: team.json.id as number, templateId: template.json.id as number };
}

function logRequest(client: Client, o: { teamId: number; templateId: number }, email: string) {
  return client.post('/api/review-requests', {
    staffFirstName: 'Tom',
    staffEmail: 'tom@office.example',
    teamId: o.teamId,
    email,
    firstName: 'Sam',
    lastName: 'Lee',
    templateId: o.templateId,
    customEmailSubject: '',
    customEmailContent: '',
  });
}

const deliveredTo = (sink: SmtpSink, email: string) => sink.messages.filter((m) => m.envelope.to.includes(email)).length;

async function everyOneDelivered(sink: SmtpSink, emails: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (emails.some((e) => deliveredTo(sink, e) === 0)) {
    if (Date.now() > deadline) throw new Error(`Delivered ${emails.filter((e) => deliveredTo(sink, e) > 0).length} of ${emails.length}`);
    await pause(200);
  }
  // Time for a second delivery of any of them to show itself.
  await pause(3000);
  return emails.map((e) => deliveredTo(sink, e));
}

/** A port with an SMTP server behind it only when the test starts one. */
async function downSink(): Promise<{ sink: SmtpSink; port: number }> {
  const sink = await startSmtpSink();
  const port = sink.port;
  await sink.stop();
  return { sink, port };
}

const database = databaseKind === 'postgres' ? throwawayPostgresDatabase('rc_email_queue') : null;
let dataDir = '';
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'rc-email-queue-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const storage = (name: string): Record<string, string> => (database ? { DATABASE_URL: database.url() } : { DATA_DIR: join(dataDir, name) });

// On the embedded database the outage test and the kill -9 test run at once (each on its own sink,
// port and data folder): the outage test spends its seconds waiting for the queue's retries. The
// kill -9 test starts its servers once the outage test's server is up: two embedded databases
// starting at the same moment on a busy machine could take more than the 30 s start-up allowance. On
// PostgreSQL they share one database and run one after the other, as before (each server holds up to
// 13 of the database server's connections).
let outageServerStarted = () => {};
const outageServerUp = new Promise<void>((resolve) => (outageServerStarted = resolve));

describe('an email refused by the mail server', { concurrent: databaseKind === 'pglite' }, () => {
  // The queue is the same on both databases; on PostgreSQL the two-instance test below covers an outage.
  it.runIf(databaseKind === 'pglite')(
    'is delivered by itself, exactly once, when the server accepts again after failed tries',
    { timeout: withServerStarts(1, 60_000) },
    async () => {
      const { sink, port } = await downSink();
      const server = await startServer({ ...storage('outage'), SMTP_URL: `smtp://127.0.0.1:${port}` }).finally(outageServerStarted);
      try {
        const o = await office(server.url);
        const logged = await logRequest(o.client, o, 'sam.outage@example.test');
        expect(logged.status).toBe(201);
        expect(logged.json.request.emailStatus).toBe('retrying');
        // The suite's retry schedule (RETRY_DELAY_SECONDS, vitest.config.ts) tries again every second:
        // the outbox shows the tries refused while the mail server is down, and nothing arrives.
        const outbox = async () => ((await o.client.get('/api/admin/outbox')).json as { status: string; attempts: number; error: string | null }[])[0]!;
        await expect.poll(outbox).toMatchObject({ status: 'retrying', attempts: expect.toSatisfy((n: number) => n >= 3) });
        expect((await outbox()).error).toBeTruthy();
        expect(deliveredTo(sink, 'sam.outage@example.test')).toBe(0);
        await sink.start(port);
        expect(await everyOneDelivered(sink, ['sam.outage@example.test'], 30_000)).toEqual([1]);
        expect(await outbox()).toMatchObject({ status: 'sent', error: null });
      } finally {
        await server.stop();
        await sink.stop();
      }
    },
  );

  it('survives a kill -9: every request answered 201 gets its email, once, after the restart', { timeout: withServerStarts(2 + 1, 60_000) }, async ({
    task,
  }) => {
    // Skipped (PostgreSQL, or a -t filter), the outage test never starts its server.
    if (task.suite?.tasks.some((t) => t !== task && t.mode === 'run')) await outageServerUp;
    const { sink, port } = await downSink();
    const env = { ...storage('crash'), SMTP_URL: `smtp://127.0.0.1:${port}` };
    const first = await startServer(env);
    const emails = Array.from({ length: 12 }, (_, i) => `crash-${i}@example.test`);
    let o;
    try {
      o = await office(first.url);
      const answers = await Promise.all(emails.map((email) => logRequest(o!.client, o!, email)));
      expect(answers.map((a) => a.status)).toEqual(emails.map(() => 201));
    } finally {
      await first.stop('SIGKILL');
    }
    await sink.start(port);
    const second = await startServer(env);
    try {
      expect(await everyOneDelivered(sink, emails, 30_000)).toEqual(emails.map(() => 1));
    } finally {
      await second.stop();
      await sink.stop();
    }
  });
});

describe.runIf(databaseKind === 'postgres')('two instances on one database', () => {
  it('send each queued email once, whichever instance logged it', { timeout: withServerStarts(2, 90_000) }, async () => {
    const { sink, port } = await downSink();
    const env = { ...storage('two'), SMTP_URL: `smtp://127.0.0.1:${port}` };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    try {
      const o = await office(a.url);
      const onB = new Client(b.url, { origin: b.url });
      expect((await onB.post('/api/auth/login', { slug: o.workspace.slug, password: o.workspace.password })).status).toBe(200);
      const emails = Array.from({ length: 30 }, (_, i) => `two-${i}@example.test`);
      const answers = await Promise.all(emails.map((email, i) => logRequest(i % 2 ? onB : o.client, o, email)));
      expect(answers.map((a) => a.status)).toEqual(emails.map(() => 201));
      await sink.start(port);
      expect(await everyOneDelivered(sink, emails, 60_000)).toEqual(emails.map(() => 1));
      // And once the server accepts, a new one goes out at once, from either instance.
      expect((await logRequest(onB, o, 'two-later@example.test')).json.request.emailStatus).toBe('sent');
      expect(deliveredTo(sink, 'two-later@example.test')).toBe(1);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await sink.stop();
    }
  });
});
