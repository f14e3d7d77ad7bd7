import { eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { alertSettings } from '#platform/db/schema.ts';
import { open, seal } from '#platform/secret-box.ts';
import { ALERT_EVENTS, type AlertEvent } from '#shared/event-names.ts';
import type { AlertChannel } from './targets.ts';

// A workspace's alert settings. The webhook URLs are secrets (anyone holding one can post to the
// channel): sealed at rest and never answered to a browser, which only learns whether one is set.

export interface AlertsView {
  slack: { configured: boolean; lastError: string | null };
  teams: { configured: boolean; lastError: string | null };
  events: AlertEvent[];
}

export interface AlertsChange {
  /** A new URL; null removes it; absent keeps it. */
  slackWebhookUrl?: string | null;
  teamsWebhookUrl?: string | null;
  events?: AlertEvent[];
}

const ERROR_TEXT_MAX = 500;

async function row(db: Db, workspaceId: number) {
  const [found] = await db.select().from(alertSettings).where(eq(alertSettings.workspaceId, workspaceId));
  return found ?? null;
}

export async function readAlerts(db: Db, workspaceId: number): Promise<AlertsView> {
  return viewOf(await row(db, workspaceId));
}

function viewOf(found: Awaited<ReturnType<typeof row>>): AlertsView {
  return {
    slack: { configured: Boolean(found?.slackUrlSealed), lastError: found?.slackError ?? null },
    teams: { configured: Boolean(found?.teamsUrlSealed), lastError: found?.teamsError ?? null },
    events: (found?.events ?? [...ALERT_EVENTS]).filter((e): e is AlertEvent => (ALERT_EVENTS as readonly string[]).includes(e)),
  };
}

export interface AlertTargets {
  urls: Partial<Record<AlertChannel, string>>;
  events: AlertEvent[];
  /** Each channel's last error as the admin's card shows it (null: none). */
  lastErrors: Record<AlertChannel, string | null>;
}

/** The URLs (opened), the events that alert and the channels' last errors; a URL sealed under another key counts as unset. */
export async function alertTargets(db: Db, workspaceId: number, key: Buffer): Promise<AlertTargets> {
  const found = await row(db, workspaceId);
  const urls: Partial<Record<AlertChannel, string>> = {};
  const slack = found?.slackUrlSealed ? open(found.slackUrlSealed, key) : null;
  const teams = found?.teamsUrlSealed ? open(found.teamsUrlSealed, key) : null;
  if (slack) urls.slack = slack;
  if (teams) urls.teams = teams;
  const view = viewOf(found);
  return { urls, events: view.events, lastErrors: { slack: view.slack.lastError, teams: view.teams.lastError } };
}

export async function saveAlerts(db: Db, workspaceId: number, key: Buffer, change: AlertsChange): Promise<AlertsView> {
  const values: Partial<typeof alertSettings.$inferInsert> = { updatedAt: new Date() };
  // A new or removed URL starts with a clean slate: the last error was the old address's.
  if (change.slackWebhookUrl !== undefined)
    Object.assign(values, { slackUrlSealed: change.slackWebhookUrl ? seal(change.slackWebhookUrl, key) : null, slackError: null });
  if (change.teamsWebhookUrl !== undefined)
    Object.assign(values, { teamsUrlSealed: change.teamsWebhookUrl ? seal(change.teamsWebhookUrl, key) : null, teamsError: null });
  if (change.events !== undefined) values.events = [...new Set(change.events)];
  await db
    .insert(alertSettings)
    .values({ workspaceId, events: [...ALERT_EVENTS], ...values })
    .onConflictDoUpdate({ target: alertSettings.workspaceId, set: values });
  return readAlerts(db, workspaceId);
}

/** Keeps the outcome of a send for the admin's card: the error, or none after a success. */
export async function recordAlertOutcome(db: Db, workspaceId: number, channel: AlertChannel, error: string | null): Promise<void> {
  const text = error === null ? null : error.slice(0, ERROR_TEXT_MAX);
  await db
    .update(alertSettings)
    .set(channel === 'slack' ? { slackError: text } : { teamsError: text })
    .where(eq(alertSettings.workspaceId, workspaceId));
}
