import { defineMiddleware } from 'astro:middleware';
import { readSession, SESSION_COOKIE } from './lib/auth/session.ts';
import { errorJson } from './lib/http.ts';
import { redirectFor } from './lib/redirects.ts';
import { getRuntime } from './lib/runtime.ts';
import { findWorkspaceById } from './lib/workspaces.ts';

// API routes need a session unless listed here: guarded by default, opened explicitly.
const PUBLIC_API = new Set(['/api/register', '/api/auth/login', '/api/auth/status', '/api/auth/logout']);
const API_NOT_FOUND_ROUTE = '/api/[...path]';

export const onRequest = defineMiddleware(async (context, next) => {
  const runtime = await getRuntime();
  const { pathname } = context.url;

  const session = await readSession(context.cookies.get(SESSION_COOKIE)?.value, runtime.sessionKey);
  const workspace = session ? await findWorkspaceById(runtime.database.db, session.workspaceId) : null;
  if (session && !workspace) context.cookies.delete(SESSION_COOKIE, { path: '/' });

  const forwarded = runtime.config.trustProxy ? context.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  context.locals.runtime = runtime;
  context.locals.session = workspace ? session : null;
  context.locals.workspace = workspace;
  context.locals.clientAddress = forwarded || context.clientAddress;

  if (pathname === '/api' || pathname.startsWith('/api/')) {
    const known = context.routePattern !== API_NOT_FOUND_ROUTE;
    if (known && !workspace && !PUBLIC_API.has(pathname.replace(/\/+$/, ''))) return errorJson(401, 'Authentication required');
    return next();
  }

  const target = redirectFor(pathname, workspace?.slug ?? null);
  return target ? context.redirect(target, 302) : next();
});
