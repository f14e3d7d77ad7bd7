import type { APIRoute } from 'astro';
import { discoverAfterConsent } from '#domain/integrations/google/discover.ts';
import { completeConsent } from '#domain/integrations/google/oauth.ts';
import { findWorkspaceById } from '#domain/workspace/workspaces.ts';
import { adminPageWith, OAUTH_BROWSER_COOKIE, OAUTH_COOKIE_PATH } from './_redirects.ts';

/**
 * Google sends the browser back here (a public route: the signed `state` names the workspace, and it
 * counts only in the browser and admin session that started it). The admin lands on the admin page
 * with gmb_connected=true (the location already looked for), or with the reason it did not work.
 */
export const GET: APIRoute = async ({ locals, url, redirect, cookies }) => {
  const browserKey = cookies.get(OAUTH_BROWSER_COOKIE)?.value;
  cookies.delete(OAUTH_BROWSER_COOKIE, { path: OAUTH_COOKIE_PATH });
  const outcome = await completeConsent(locals.runtime, url.searchParams, { browserKey, sessionId: locals.session?.admin ? locals.session.id : undefined });
  const workspace = outcome.workspaceId !== null ? await findWorkspaceById(locals.runtime.database.db, outcome.workspaceId) : locals.workspace;
  if (!workspace) return redirect('/', 302);
  if (outcome.ok) await discoverAfterConsent(locals.runtime, workspace);
  return redirect(adminPageWith(workspace.slug, outcome.ok ? { gmb_connected: 'true' } : { gmb_error: outcome.error }), 302);
};
