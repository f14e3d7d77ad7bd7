import type { APIRoute } from 'astro';
import { completeConsent } from '../../../../lib/google/oauth.ts';
import { findWorkspaceById } from '../../../../lib/workspaces.ts';
import { adminPageWith } from './_redirects.ts';

/**
 * Google sends the browser back here (a public route: the signed `state` names the workspace). The
 * admin lands on the admin page with gmb_connected=true, or with the reason it did not work.
 */
export const GET: APIRoute = async ({ locals, url, redirect }) => {
  const outcome = await completeConsent(locals.runtime, url.searchParams);
  const workspace = outcome.workspaceId !== null ? await findWorkspaceById(locals.runtime.database.db, outcome.workspaceId) : locals.workspace;
  if (!workspace) return redirect('/', 302);
  return redirect(adminPageWith(workspace.slug, outcome.ok ? { gmb_connected: 'true' } : { gmb_error: outcome.error }), 302);
};
