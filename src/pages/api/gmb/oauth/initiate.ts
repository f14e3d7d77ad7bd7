import type { APIRoute } from 'astro';
import { googleConfigured } from '#domain/integrations/google/client.ts';
import { consentUrl } from '#domain/integrations/google/oauth.ts';
import { planAllowsGoogle } from '#shared/plans.ts';
import { OAUTH_STATE_TTL_SECONDS } from '#domain/integrations/google/oauth-state.ts';
import { adminPageWith, OAUTH_BROWSER_COOKIE, OAUTH_COOKIE_PATH } from './_redirects.ts';

/** Connect or Reconnect (a browser navigation): off to Google's consent screen, or back with a reason. */
export const GET: APIRoute = async ({ locals, redirect, cookies, url }) => {
  const { session, workspace, runtime } = locals;
  if (!session || !workspace) return redirect('/login', 302);
  if (!session.admin) return redirect(`/${workspace.slug}/admin`, 302);
  if (!planAllowsGoogle(workspace.plan)) return redirect(adminPageWith(workspace.slug, { gmb_error: 'upgrade' }), 302);
  if (!googleConfigured(runtime.config)) return redirect(adminPageWith(workspace.slug, { gmb_error: 'not_configured' }), 302);
  const consent = await consentUrl(runtime, workspace.id, session.id);
  cookies.set(OAUTH_BROWSER_COOKIE, consent.browserKey, {
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:' || runtime.config.publicUrl.startsWith('https:'),
    path: OAUTH_COOKIE_PATH,
    maxAge: OAUTH_STATE_TTL_SECONDS,
  });
  return redirect(consent.url, 302);
};
