import type { APIRoute } from 'astro';
import { requireStaff } from '../../lib/auth/guards.ts';
import { json } from '../../lib/http.ts';
import { checklistOf, readSetupState } from '../../lib/setup-checklist.ts';

/** The guided first run's steps, each checked off from the stored state (issue 12). */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { database, config } = locals.runtime;
  const state = await readSetupState(database.db, access.workspace, Boolean(config.smtpUrl));
  return json({ ...checklistOf(state), emailConfigured: state.smtpConfigured });
};
