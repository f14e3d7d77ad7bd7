import type { APIRoute } from 'astro';
import { googleConfigured } from '../../../../lib/google/client.ts';
import { consentUrl } from '../../../../lib/google/oauth.ts';
import { planAllowsGoogle } from '../../../../lib/plans.ts';
import { adminPageWith } from './_redirects.ts';

/** Connect or Reconnect (a browser navigation): off to Google's consent screen, or back with a reason. */
export const GET: APIRoute = async ({ locals, redirect }) => {
  const { session, workspace, runtime } = locals;
  if (!session || !workspace) return redirect('/login', 302);
  if (!session.admin) return redirect(`/${workspace.slug}/admin`, 302);
  if (!planAllowsGoogle(workspace.plan)) return redirect(adminPageWith(workspace.slug, { gmb_error: 'upgrade' }), 302);
  if (!googleConfigured(runtime.config)) return redirect(adminPageWith(workspace.slug, { gmb_error: 'not_configured' }), 302);
  return redirect(await consentUrl(runtime, workspace.id), 302);
};
