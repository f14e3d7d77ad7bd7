import type { APIRoute } from 'astro';
import { requireStaff } from '#web/guards.ts';
import { json } from '#web/http.ts';
import { readSetupState, setupChecklistAnswer } from '#domain/workspace/setup-checklist.ts';

/** The guided first run's steps, each checked off from the stored state (issue 12). */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireStaff(locals);
  if (!access.ok) return access.response;
  const { database, config } = locals.runtime;
  const state = await readSetupState(database.db, access.workspace, Boolean(config.smtpUrl));
  return json(setupChecklistAnswer(state));
};
