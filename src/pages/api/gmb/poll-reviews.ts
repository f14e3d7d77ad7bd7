import type { APIRoute } from 'astro';
import { syncWorkspace, type SyncSkip } from '../../../lib/google/sync.ts';
import { errorJson, json } from '../../../lib/http.ts';
import { requireGoogleAdmin } from './_access.ts';

const SKIPPED: Record<Exclude<SyncSkip, 'busy' | 'recent' | 'plan'>, string> = {
  not_configured: 'Google sign-in is not configured on this server',
  not_connected: 'Connect a Google account first',
  broken: 'Google no longer accepts this connection. Reconnect the Google account.',
  incomplete: 'Set the account and location IDs first',
};

/** Poll Now: runs the sync and answers what it did. */
export const POST: APIRoute = async ({ locals }) => {
  const access = requireGoogleAdmin(locals);
  if (!access.ok) return access.response;
  const outcome = await syncWorkspace(locals.runtime, access.workspace);
  if (outcome.status === 'done') {
    const { added, updated, removed } = outcome;
    return json({ success: true, message: `${added} new, ${updated} updated, ${removed} removed`, added, updated, removed });
  }
  if (outcome.status === 'failed') return errorJson(502, outcome.error);
  if (outcome.reason === 'busy' || outcome.reason === 'recent') {
    return json({ success: true, message: 'A sync is already running; its reviews will appear shortly', added: 0, updated: 0, removed: 0 }, 202);
  }
  return errorJson(409, outcome.reason === 'plan' ? 'Upgrade required' : SKIPPED[outcome.reason]);
};
