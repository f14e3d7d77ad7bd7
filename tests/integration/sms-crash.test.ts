import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { startFakeTwilio } from '../fakes/twilio.ts';
import { TEST_APP_SECRET } from '../helpers/app.ts';
import { Client, newWorkspace } from '../helpers/client.ts';
import { databaseKind, throwawayPostgresDatabase } from '../helpers/database.ts';
import { withServerStarts } from '../helpers/deadlines.ts';
import { freePort, spawnServer, type ServerProcess } from '../helpers/server-process.ts';

// Issue 29's acceptance: kill -9 during a burst of 100 text requests on PostgreSQL with two instances:
// each text is sent once and none is lost, as the fake Twilio counts them. Twilio answers slowly here
// (it does under load), so the kill lands between Twilio taking a text and the product storing its
// answer: the retry must find the text on Twilio rather than send it again.

const TOTAL = 100;
const KILL_AFTER = 25;
const AT_ONCE = 10;

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawnServer({ APP_SECRET: TEST_APP_SECRET, DEFAULT_PLAN: 'team', ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  await server.ready();
  return server;
}

const phoneOf = (n: number) => `+614121${String(n).padStart(5, '0')}`;

describe.runIf(databaseKind === 'postgres')('text messages through a kill -9, two instances on PostgreSQL', { timeout: withServerStarts(3, 240_000) }, () => {
  const database = throwawayPostgresDatabase('rc_sms_crash');

  it('sends every acknowledged text once, and no text twice', async () => {
    const twilio = await startFakeTwilio();
    const env = { DATABASE_URL: database.url(), TWILIO_API_BASE: twilio.apiBase };
    const running: ServerProcess[] = [];
    try {
      const [first, second] = await Promise.all([startServer(env), startServer(env)]);
      running.push(first!, second!);
      const workspace = newWorkspace();
      const admin = new Client(first!.url);
      expect((await admin.post('/api/register', workspace)).status).toBe(201);
      expect((await admin.post('/api/auth/admin', { password: workspace.adminPassword })).status).toBe(200);
      const teamId = ((await admin.post('/api/teams', { name: 'Front Desk' })).json as { id: number }).id;
      const templateId = ((await admin.post('/api/email-templates', { name: 'Thanks', subject: 'Thanks', htmlContent: '<p>Hi</p>' })).json as { id: number })
        .id;
      expect((await admin.request('PUT', '/api/admin/sms', { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+61400000000' })).status).toBe(
        200,
      );
      for (const key of ['sms_quiet_start', 'sms_quiet_end']) expect((await admin.request('PUT', `/api/settings/${key}`, { value: '00:00' })).status).toBe(200);
      // The same session on the second instance: sessions live in the shared database.
      const clients = [admin, new Client(second!.url, { cookie: `${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` })];

      twilio.slowAnswers(400);
      const acknowledged = new Set<number>();
      let killed = false;
      const log = async (n: number) => {
        const client = clients[n % 2]!;
        try {
          const res = await client.post('/api/review-requests', {
            staffFirstName: 'Tom',
            staffEmail: 'tom@harbourside.example',
            teamId,
            templateId,
            firstName: `Customer${n}`,
            lastName: 'Lee',
            phone: phoneOf(n),
            channel: 'sms',
          });
          if (res.status === 201) acknowledged.add(n);
        } catch {
          // The first instance died with the request in flight: it was stored or not, never answered.
        }
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = true;
          first!.child.kill('SIGKILL');
        }
      };
      for (let n = 0; n < TOTAL; n += AT_ONCE) await Promise.all(Array.from({ length: AT_ONCE }, (_, i) => log(n + i)));
      expect(killed).toBe(true);
      await first!.exited;
      // The first instance comes back on the same database; the second kept serving all along.
      running.push(await startServer(env));
      twilio.slowAnswers(0);

      // What the product stored: the requests a text is owed to (the list, read on the second instance).
      const items = (await clients[1]!.get('/api/admin/review-requests')).json as { phone: string | null }[];
      const stored = new Set(items.flatMap((item) => (item.phone ? [item.phone] : [])));
      expect(stored.size).toBe(items.length);
      for (const n of acknowledged) expect(stored.has(phoneOf(n)), `request ${n} was acknowledged but not stored`).toBe(true);

      // Every stored request gets its text, once: the killed instance's jobs expire (the tests' schedule:
      // seconds, src/platform/jobs/queue.ts) and are retried. Done
      // when no text is still to be handed to Twilio (a text whose answer was lost is one of those).
      const deadline = Date.now() + 150_000;
      const unsent = async () =>
        ((await clients[1]!.get('/api/admin/review-requests')).json as { smsStatus: string | null }[]).filter((item) =>
          ['waiting', 'pending', 'retrying'].includes(item.smsStatus ?? ''),
        ).length;
      while ((await unsent()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
      expect(await unsent(), 'texts still unsent after the retries').toBe(0);
      const perPhone = new Map<string, number>();
      for (const message of twilio.messages) perPhone.set(message.to, (perPhone.get(message.to) ?? 0) + 1);
      const twice = [...perPhone].filter(([, count]) => count > 1);
      expect(twice, `texted more than once: ${twice.map(([phone, count]) => `${phone} ×${count}`).join(', ')}`).toEqual([]);
      expect(
        [...stored].filter((phone) => !perPhone.has(phone)),
        'stored but never texted',
      ).toEqual([]);
      expect(
        [...perPhone.keys()].filter((phone) => !stored.has(phone)),
        'texted but not stored',
      ).toEqual([]);
      expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);
    } finally {
      await Promise.all(running.map((server) => server.stop('SIGKILL').catch(() => null)));
      await twilio.stop();
    }
  });
});
