import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkPublicTarget, pinnedLookup } from '../net/public-target.ts';
import { webhookHeaders } from './signature.ts';

// One attempt to deliver a webhook: the target checked again (DNS may have changed since it was
// registered) and the connection pinned to the checked address; 10 s at most, no redirect followed,
// at most a few KB of the answer read.

export const ATTEMPT_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 4096;
export const USER_AGENT = 'ReviewChallenge-Webhooks/1.0';

export interface AttemptOutcome {
  ok: boolean;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

export async function sendWebhook(
  target: { url: string; secret: string; allowPrivate: boolean },
  webhookId: string,
  body: string,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const done = (httpStatus: number | null, error: string | null): AttemptOutcome => ({
    ok: httpStatus !== null && httpStatus >= 200 && httpStatus < 300,
    httpStatus,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const url = new URL(target.url);
  const checked = await checkPublicTarget(url, target.allowPrivate);
  if (!checked.ok) return done(null, checked.message);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<AttemptOutcome>((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(checked),
        timeout: ATTEMPT_TIMEOUT_MS,
        headers: {
          ...webhookHeaders(target.secret, webhookId, body),
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': USER_AGENT,
        },
      },
      (res: IncomingMessage) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const finish = () => {
          const status = res.statusCode ?? null;
          const redirect = status !== null && status >= 300 && status < 400;
          resolve(done(status, redirect ? 'Redirects are not followed' : status !== null && status >= 300 ? `HTTP ${status}` : null));
        };
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error(`No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`)), ATTEMPT_TIMEOUT_MS);
    req.on('timeout', () => req.destroy(new Error(`No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(done(null, error.code ? `${error.code}: ${error.message}` : error.message)));
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
