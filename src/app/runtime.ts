import { resolveAppSecret } from '#platform/app-secret.ts';
import { sessionKey } from '#domain/workspace/auth/session.ts';
import { loadConfig, type Config } from '#platform/config.ts';
import type { Database } from '#platform/db/database.ts';
import { migrate } from '#platform/db/migrate.ts';
import { openPgliteFolder } from '#platform/db/pglite.ts';
import { startPgliteMaintenance } from '#platform/db/pglite-maintenance.ts';
import { openPostgres } from '#platform/db/postgres.ts';
import { sharedDashboardById } from '#domain/game/dashboard.ts';
import { noticeArrived } from '#platform/live/dashboard-snapshots.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { emailWorker, requeueUnsentEmails } from '#domain/email/outbox.ts';
import { googlePushWorker, googleSyncWorker } from '#domain/integrations/google/sync-jobs.ts';
import { milestonesCheck } from '#domain/game/milestones.ts';
import { alertDeliveryWorker, alertsFanOut, requeueUnsentAlertPosts, unsentAlertPosts } from '#domain/integrations/alerts/workers.ts';
import { requeueUnsentWebhookDeliveries, unsentWebhookDeliveries, webhookDeliveryWorker, webhooksFanOut } from '#domain/integrations/webhooks/deliveries.ts';
import { requeueUnsentTexts, smsWorker } from '#domain/sms/outbox.ts';
import { startJobQueue, type QueueName, type QueuePayloads } from '#platform/jobs/queue.ts';
import { LiveHub } from '#platform/live/hub.ts';
import { secretBoxKey } from '#platform/secret-box.ts';
import { LIVE_CHANNEL, parseLiveNotice } from '#platform/live/publish.ts';
import { log, logError, setLogLevel } from '#platform/log/log.ts';
import type { Runtime } from '#platform/runtime.ts';

/** How long a stop gives the queue's running jobs when the caller names no time. */
const JOBS_STOP_TIMEOUT_MS = 10_000;
/** Jobs a domain-event consumer takes in one fetch (see where the workers start). */
const CONSUMER_DRAIN = 10;
/** Texts handed to Twilio, and posts and deliveries sent out, side by side (see where the workers start). */
const SENT_AT_ONCE = 5;

// main.ts runs this module from source while the Astro bundle holds its own copy of it: a global
// keyed by Symbol.for is what lets both copies share one runtime (and one database) per process.
const HOLDER_KEY = Symbol.for('review-challenge.runtime');
type Holder = { runtime?: Promise<Runtime> };
const holder: Holder = ((globalThis as Record<symbol, Holder>)[HOLDER_KEY] ??= {});

/**
 * `template: false` opens a new embedded database empty, not migrated (a restore's target). `say`
 * hears what the embedded database's start is doing (the server's start logs it).
 */
export async function openDatabase(config: Config, { template = true, say }: { template?: boolean; say?: (line: string) => void } = {}): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { prepare: config.databasePrepare })
    : openPgliteFolder(config.dataDir, { template, ...(say ? { say } : {}) });
}

export async function createRuntime(config: Config, database: Database): Promise<Runtime> {
  setLogLevel(config.logLevel);
  const applied = await migrate(database, undefined, {
    onPending: (names) => log.info(`Applying ${names.length} database migration${names.length === 1 ? '' : 's'} (once per upgrade; usually a few seconds)`),
  });
  if (applied.length) log.info({ migrations: applied }, 'Applied migrations');
  const live = new LiveHub(async (workspaceId, wallboardId) => (await sharedDashboardById(database, workspaceId, wallboardId))?.data ?? null);
  const stopListening = await database.listen(LIVE_CHANNEL, (payload) => {
    const notice = parseLiveNotice(payload);
    if (!notice) return;
    // Before the hub reads the dashboard for it: a notice of another instance makes this one's snapshots old.
    noticeArrived(database, notice.workspaceId, notice.id);
    live.deliver(notice).catch((error) => logError('Could not deliver a live event', error));
  });
  const appSecret = resolveAppSecret(config);
  const jobs = await startJobQueue(database, { retryDelaySeconds: config.retryDelaySeconds });
  const maintenance = database.kind === 'pglite' ? startPgliteMaintenance(database.db) : null;
  const runtime: Runtime = {
    config,
    database,
    sessionKey: sessionKey(appSecret),
    secretKey: secretBoxKey(appSecret),
    live,
    jobs,
    close: async (timeoutMs = JOBS_STOP_TIMEOUT_MS) => {
      await jobs.stop(timeoutMs);
      await maintenance?.stop();
      await stopListening();
      await database.close();
    },
  };
  // Every queue's payload is declared by its wing (QueuePayloads); this fails to compile for one that is not.
  const everyQueueHasAPayload: [Exclude<QueueName, keyof QueuePayloads>] extends [never] ? true : never = true;
  void everyQueueHasAPayload;
  await jobs.work('email', emailWorker(database, emailSender(config)));
  await jobs.workOne('google-sync', googleSyncWorker(runtime));
  // Google pushes come in bursts (a restart leaves some queued): each is worked at once, not one per poll.
  await jobs.workOne('google-push', googlePushWorker(runtime), { drain: 10 });
  // The domain-event consumers only read this database and turn an event into rows and delivery jobs:
  // they run in the transaction that raises it (decision 071). A job of theirs, queued without one (or
  // by an earlier version), is taken with the others queued in one fetch (CONSUMER_DRAIN).
  await jobs.workInTransaction('milestones', milestonesCheck(runtime), { drain: CONSUMER_DRAIN });
  await jobs.workInTransaction('alerts', alertsFanOut(runtime), { drain: CONSUMER_DRAIN });
  // A post or delivery is first tried by the process whose change raised it, right after the commit
  // (decision 073): no job is stored, fetched and completed for the usual one that gets through at
  // once. Retries, and work left by a process that ended, are jobs: a change raises several at once
  // (a matched review: review.created's and review.matched's), so one fetch takes them all and they
  // go out side by side, each within its own deadline.
  await jobs.workAfterCommit('alert-delivery', alertDeliveryWorker(runtime), {
    drain: SENT_AT_ONCE,
    unsent: (waited) => unsentAlertPosts(database.db, waited),
  });
  await jobs.workInTransaction('webhooks', webhooksFanOut(runtime), { drain: CONSUMER_DRAIN });
  await jobs.workAfterCommit('webhook-delivery', webhookDeliveryWorker(runtime), {
    drain: SENT_AT_ONCE,
    unsent: (waited) => unsentWebhookDeliveries(database.db, waited),
  });
  // A backlog of texts (a restart, the end of quiet hours) goes out SENT_AT_ONCE at a time, not one a
  // poll (2 s): side by side, since each waits on Twilio within its own job's deadline.
  await jobs.workOne('sms', smsWorker(runtime), { drain: SENT_AT_ONCE, sideBySide: true });
  const requeued = await requeueUnsentEmails(database.db, jobs);
  if (requeued) log.info({ emails: requeued }, 'Queued again the emails still to be sent');
  const deliveries = await requeueUnsentWebhookDeliveries(database.db, jobs);
  if (deliveries) log.info({ deliveries }, 'Queued again the webhook deliveries still to be made');
  const alertPosts = await requeueUnsentAlertPosts(database.db, jobs);
  if (alertPosts) log.info({ alertPosts }, 'Queued again the Slack and Teams alerts still to be posted');
  const texts = await requeueUnsentTexts(database.db, jobs);
  if (texts) log.info({ texts }, 'Queued again the text messages still to be sent');
  return runtime;
}

/** Installs the runtime this process serves with (main.ts at start, tests with their database). */
export function installRuntime(runtime: Promise<Runtime>): Promise<Runtime> {
  holder.runtime = runtime;
  return runtime;
}

/** The process's runtime; under `astro dev` it is started on first use from the environment. */
export function getRuntime(): Promise<Runtime> {
  holder.runtime ??= (async () => {
    const config = loadConfig();
    return createRuntime(config, await openDatabase(config));
  })();
  return holder.runtime;
}

export async function stopRuntime(timeoutMs?: number): Promise<void> {
  const runtime = holder.runtime;
  holder.runtime = undefined;
  if (runtime) await (await runtime).close(timeoutMs);
}
