import { postJsonPinned } from '#platform/net/post-json.ts';
import { webhookHeaders } from './signature.ts';

// One attempt to deliver a webhook (src/platform/net/post-json.ts: checked again, pinned, 10 s at most,
// no redirect followed).

export const ATTEMPT_TIMEOUT_MS = 10_000;
export const USER_AGENT = 'ReviewChallenge-Webhooks/1.0';

export interface AttemptOutcome {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

export async function sendWebhook(target: { url: string; secret: string; allowPrivate: boolean }, webhookId: string, body: string): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (httpStatus: number | null, error: string | null): AttemptOutcome => ({
    ok: httpStatus !== null && httpStatus >= 200 && httpStatus < 300,
    httpStatus,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const outcome = await postJsonPinned(new URL(target.url), body, {
    allowPrivate: target.allowPrivate,
    timeoutMs: ATTEMPT_TIMEOUT_MS,
    headers: { ...webhookHeaders(target.secret, webhookId, body), 'user-agent': USER_AGENT },
  });
  if (!outcome.ok) return done(null, outcome.error);
  const { status } = outcome;
  const redirect = status >= 300 && status < 400;
  return done(status, redirect ? 'Redirects are not followed' : status >= 300 ? `HTTP ${status}` : null);
}
