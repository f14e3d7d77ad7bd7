import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Database } from '#platform/db/database.ts';
import { readMigrations } from '#platform/db/migrate.ts';
import { log, logError } from '#platform/log/log.ts';
import { applySecurityHeaders } from '#web/security-headers.ts';

/** How long one readiness check may take before it counts as failed. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

/**
 * One thing /readyz waits for, with the short plain reason it gives while that thing is not ready:
 * never an error's detail, which may name hosts, users or databases.
 */
export interface ReadinessCheck {
  reason: string;
  /** Resolves true when ready; false, a rejection or no answer in time means not ready. */
  ready(): Promise<boolean>;
}

export type Readiness = { status: 'ready' } | { status: 'unavailable'; reason: string };

class NoAnswer extends Error {}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswer(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The database answers, and every migration file this process carries is applied. */
export function databaseChecks(database: Database, migrations: string[] = readMigrations().map((m) => m.name)): ReadinessCheck[] {
  return [
    {
      reason: 'database unreachable',
      ready: async () => {
        await database.transaction((tx) => tx.query('SELECT 1'));
        return true;
      },
    },
    {
      reason: 'migrations pending',
      ready: async () => {
        const rows = await database.transaction((tx) => tx.query<{ name: string }>('SELECT name FROM schema_migrations'));
        const applied = new Set(rows.map((row) => row.name));
        return migrations.every((name) => applied.has(name));
      },
    },
  ];
}

/**
 * Runs the checks in order and answers with the first that fails. The log gets the failure's detail
 * once, when readiness changes, not at every probe of a load balancer.
 */
export function readinessProbe(checks: ReadinessCheck[], timeoutMs = READINESS_CHECK_TIMEOUT_MS): () => Promise<Readiness> {
  let lastReason: string | null = null;
  return async () => {
    for (const check of checks) {
      let failure: unknown = null;
      try {
        if (await within(check.ready(), timeoutMs)) continue;
      } catch (error) {
        failure = error;
      }
      if (lastReason !== check.reason) {
        if (failure) logError(`Not ready: ${check.reason}`, failure);
        else log.warn(`Not ready: ${check.reason}`);
      }
      lastReason = check.reason;
      return { status: 'unavailable', reason: check.reason };
    }
    if (lastReason !== null) log.info(`Ready again (was: ${lastReason})`);
    lastReason = null;
    return { status: 'ready' };
  };
}

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Serves GET (and HEAD) /healthz and /readyz ahead of the app, so no session is read, no redirect
 * rule applies and /healthz touches no database. Everything else goes to `app`.
 */
export function withHealthRoutes(app: RequestListener, options: { readiness: () => Promise<Readiness>; https: boolean }): RequestListener {
  return (req, res) => {
    const path = (req.url ?? '').split('?')[0]!.replace(/(.)\/+$/, '$1');
    if (!HEALTH_PATHS.has(path)) return app(req, res);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return answer(req, res, path, 405, { message: 'Method not allowed' }, { allow: 'GET, HEAD' });
    }
    if (path === '/healthz') return answer(req, res, path, 200, { status: 'ok' });
    options.readiness().then(
      (state) => answer(req, res, path, state.status === 'ready' ? 200 : 503, state),
      (error) => {
        logError('The readiness probe failed', error);
        answer(req, res, path, 503, { status: 'unavailable', reason: 'readiness unknown' });
      },
    );
  };

  function answer(req: IncomingMessage, res: ServerResponse, pathname: string, status: number, body: unknown, extra: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    const headers = new Headers({
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'cache-control': 'no-store',
      ...extra,
    });
    applySecurityHeaders(headers, { pathname, https: options.https });
    res.writeHead(status, Object.fromEntries(headers));
    res.end(req.method === 'HEAD' ? undefined : text);
  }
}
