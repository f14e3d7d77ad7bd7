import type { APIRoute } from 'astro';
import { OAUTH_ERRORS } from '#shared/google-messages.ts';
import { pollNow } from '#domain/integrations/google/sync-jobs.ts';
import type { SyncSkip } from '#domain/integrations/google/sync.ts';
import { errorJson, json } from '#web/http.ts';
import { requireGoogleStaff } from './_access.ts';

const SKIPPED: Record<SyncSkip, string> = {
  plan: OAUTH_ERRORS.upgrade,
  not_configured: 'Google sign-in is not configured on this server',
  not_connected: 'Connect a Google account first',
  broken: 'Google no longer accepts this connection. Reconnect the Google account.',
  incomplete: 'Set the account and location IDs first',
};

/** Poll Now: queues the sync and answers what it did (any signed-in member: the GMB page has the button). */
export const POST: APIRoute = async ({ locals }) => {
  const access = requireGoogleStaff(locals);
  if (!access.ok) return access.response;
  const outcome = await pollNow(locals.runtime.jobs, access.workspace);
  if (outcome.status === 'done') {
    const { added, updated, removed } = outcome;
    return json({ success: true, message: `${added} new, ${updated} updated, ${removed} removed`, added, updated, removed });
  }
  if (outcome.status === 'failed') return errorJson(502, outcome.error);
  if (outcome.status === 'busy' || outcome.status === 'running') {
    return json({ success: true, message: 'A sync is already running; its reviews will appear shortly', added: 0, updated: 0, removed: 0 }, 202);
  }
  return errorJson(409, SKIPPED[outcome.reason]);
};
