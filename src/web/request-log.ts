import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

// A proxy's request id is kept when it is a plain token; anything else (long, spaced, quoted) is replaced.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

// Paths whose segments after these prefixes are credentials (review links, kiosk screens, CRM webhooks).
const TOKEN_PATH_PREFIXES = ['/r/', '/wall/', '/api/kiosk/', '/api/review-link/', '/api/webhooks/'];

export function requestIdFrom(header: string | null): string {
  return header !== null && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

export interface RequestOutcome {
  method: string;
  /** Astro's route pattern (`/r/[token]`), empty when no route matched. */
  routePattern: string;
  pathname: string;
  status: number;
  durationMs: number;
  requestId: string;
  workspaceId: number | null;
  /** A refusal's or failure's answer message (never carries personal data). */
  reason: string | null;
}

/**
 * The request log line: the route pattern rather than the path (tokens travel in paths), never the
 * query string, headers, cookies or bodies. 5xx are failures, 429 a warning, other answers info.
 */
export function requestLogLine(outcome: RequestOutcome) {
  const level = outcome.status >= 500 ? 'error' : outcome.status === 429 ? 'warn' : 'info';
  return {
    level,
    fields: {
      method: outcome.method,
      route: outcome.routePattern || routeOfPath(outcome.pathname),
      status: outcome.status,
      durationMs: Math.round(outcome.durationMs),
      requestId: outcome.requestId,
      ...(outcome.workspaceId !== null && { workspaceId: outcome.workspaceId }),
      ...(outcome.reason !== null && { reason: outcome.reason }),
    },
    msg: 'request',
  } as const;
}

function routeOfPath(pathname: string): string {
  const prefix = TOKEN_PATH_PREFIXES.find((p) => pathname.startsWith(p));
  return prefix ? `${prefix}…` : pathname;
}

/** The `message` of a JSON refusal or failure (every error answer has one, src/web/http.ts), else null. */
export async function reasonOf(response: Response): Promise<string | null> {
  const type = response.headers.get('content-type') ?? '';
  // JSON errors, and the public API's problem details (which carry `message` too).
  if (response.status < 400 || !(type.startsWith('application/json') || type.startsWith('application/problem+json'))) return null;
  try {
    const body = (await response.clone().json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message.slice(0, 200) : null;
  } catch {
    return null;
  }
}
