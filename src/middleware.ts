import type { MiddlewareHandler } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { checkApiKey, isApiV1Path, PUBLIC_API_V1_PATHS, withRateHeaders } from '#web/api-v1/access.ts';
import { asProblem } from '#web/api-v1/problem.ts';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { resumeSession } from '#domain/workspace/auth/session-store.ts';
import { clientAddress } from '#platform/client-address.ts';
import { isCrossSiteWrite, isFromAnotherSite, SIGNED_WEBHOOK_PATHS, STATE_CHANGING_GETS } from '#web/cross-site.ts';
import { errorJson } from '#web/http.ts';
import { log, logError } from '#platform/log/log.ts';
import { redirectFor } from '#web/redirects.ts';
import { rememberAfterSignIn } from '#web/cookies.ts';
import { reasonOf, REQUEST_ID_HEADER, requestIdFrom, requestLogLine } from '#web/request-log.ts';
import { applySecurityHeaders } from '#web/security-headers.ts';
import { keepIfMarked } from '#web/compression/kept-pages.ts';
import { getRuntime } from '#app/runtime.ts';
import type { Runtime } from '#platform/runtime.ts';

// API routes need a session unless listed here: guarded by default, opened explicitly.
// The Google OAuth callback is checked by its signed, single-use state.
const PUBLIC_API = new Set([
  '/api/register',
  '/api/auth/login',
  '/api/auth/status',
  '/api/auth/logout',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/gmb/oauth/callback',
]);
// Kiosk screens, review links, desk cards and CRM webhooks carry their own tokens, Stripe's and Twilio's webhooks their signatures; logos are shown on kiosk screens too.
const PUBLIC_API_PREFIXES = ['/api/kiosk/', '/api/logo/', '/api/review-link/', '/api/q/', '/api/webhooks/'];
const API_NOT_FOUND_ROUTE = '/api/[...path]';

/**
 * Every request: one log line (src/web/request-log.ts) once its answer's headers are ready (an event
 * stream's when it opens); a failure is logged without its data (src/platform/log/log.ts) and answered plainly.
 */
export const onRequest = defineMiddleware(async (context, next): Promise<Response> => {
  const started = performance.now();
  const requestId = requestIdFrom(context.request.headers.get(REQUEST_ID_HEADER));
  const runtime = await getRuntime();
  let response: Response;
  try {
    const handled = await handle(runtime, context, next);
    // Read after the route ran: a wallboard page marks its render for keeping (docs/decisions/070).
    response = await keepIfMarked(context.locals.keepPage, handled);
  } catch (error) {
    logError(`${context.request.method} ${context.routePattern} failed`, error, { requestId });
    response = context.url.pathname.startsWith('/api/')
      ? errorJson(500, 'Something went wrong on our side. Please try again.')
      : new Response('Something went wrong on our side. Please try again.', { status: 500, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  // A redirect's headers may be immutable: answer a copy.
  const headers = new Headers(response.headers);
  applySecurityHeaders(headers, {
    pathname: context.url.pathname,
    https: runtime.config.publicUrl.startsWith('https:'),
    signedIn: Boolean(context.locals.session) || context.cookies.has(SESSION_COOKIE),
  });
  headers.set(REQUEST_ID_HEADER, requestId);
  const line = requestLogLine({
    method: context.request.method,
    routePattern: context.routePattern,
    pathname: context.url.pathname,
    status: response.status,
    durationMs: performance.now() - started,
    requestId,
    workspaceId: context.locals.workspace?.id ?? context.locals.kioskWorkspaceId ?? null,
    reason: await reasonOf(response),
  });
  log[line.level](line.fields, line.msg);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});

const handle = async (runtime: Runtime, context: Parameters<MiddlewareHandler>[0], next: Parameters<MiddlewareHandler>[1]): Promise<Response> => {
  const { pathname } = context.url;
  if (isApiV1Path(pathname)) return handlePublicApi(runtime, context, next);
  if (
    (!SIGNED_WEBHOOK_PATHS.has(pathname.replace(/\/+$/, '')) &&
      isCrossSiteWrite(context.request, [context.url.origin, new URL(runtime.config.publicUrl).origin])) ||
    (STATE_CHANGING_GETS.has(pathname) && isFromAnotherSite(context.request))
  ) {
    return errorJson(403, 'Cross-site requests are not allowed');
  }

  const cookie = context.cookies.get(SESSION_COOKIE)?.value;
  const resumed = cookie ? await resumeSession(runtime.database.db, runtime.sessionKey, cookie) : null;
  if (cookie && !resumed) context.cookies.delete(SESSION_COOKIE, { path: '/' });
  const workspace = resumed?.workspace ?? null;

  context.locals.runtime = runtime;
  context.locals.session = resumed?.session ?? null;
  context.locals.workspace = workspace;
  context.locals.kioskWorkspaceId = null;
  context.locals.apiKey = null;
  context.locals.clientAddress = clientAddress(context.clientAddress, context.request.headers.get('x-forwarded-for'), runtime.config.trustProxy);

  if (pathname === '/api' || pathname.startsWith('/api/')) {
    const path = pathname.replace(/\/+$/, '');
    const open = PUBLIC_API.has(path) || PUBLIC_API_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (!workspace && !open && context.routePattern !== API_NOT_FOUND_ROUTE) return errorJson(401, 'Authentication required');
    return next();
  }

  const target = redirectFor(pathname, workspace?.slug ?? null);
  if (target) {
    // Signed out on a workspace's page: the sign-in comes back to it (issue 33, item 6).
    if (!workspace && target.startsWith('/login?') && context.request.method === 'GET') {
      rememberAfterSignIn(context.cookies, context.url, runtime.config.publicUrl);
    }
    return context.redirect(target, 302);
  }
  // A workspace page is only ever the signed-in workspace's own (a first segment with a dot reaches
  // the [slug] routes without a redirect): anything else is not found.
  if (context.params.slug !== undefined && context.params.slug !== workspace?.slug) return context.rewrite('/404');
  return next();
};

/**
 * The public API (/api/v1, docs/decisions/039): a Bearer API key and nothing else (no session cookie
 * is read, so there is nothing for another site to ride on); every error is a problem (RFC 9457).
 */
const handlePublicApi = async (runtime: Runtime, context: Parameters<MiddlewareHandler>[0], next: Parameters<MiddlewareHandler>[1]): Promise<Response> => {
  context.locals.runtime = runtime;
  context.locals.session = null;
  context.locals.workspace = null;
  context.locals.kioskWorkspaceId = null;
  context.locals.apiKey = null;
  context.locals.clientAddress = clientAddress(context.clientAddress, context.request.headers.get('x-forwarded-for'), runtime.config.trustProxy);
  if (PUBLIC_API_V1_PATHS.has(context.url.pathname.replace(/\/+$/, ''))) return asProblem(await next());
  const gate = await checkApiKey(runtime.database.db, context.request);
  if (!gate.ok) return gate.response;
  context.locals.apiKey = gate.caller;
  // For the request log's workspace id; handlers read the key's workspace from locals.apiKey.
  context.locals.workspace = gate.caller.workspace;
  return withRateHeaders(await asProblem(await next()), gate.caller);
};
