import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { checkPublicTarget, pinnedLookup } from './public-target.ts';

// One POST to an address an admin typed in (a webhook, a Slack or Teams URL): the target checked
// when the request is made (DNS may have changed since it was saved) and the connection pinned to
// the checked address; a deadline, no redirect followed, at most a few KB of the answer read.

const MAX_RESPONSE_BYTES = 4096;

export type PostOutcome = { ok: true; status: number; body: string } | { ok: false; refused: boolean; error: string };

export async function postJsonPinned(
  url: URL,
  body: string,
  options: { allowPrivate: boolean; timeoutMs: number; headers?: Record<string, string> },
): Promise<PostOutcome> {
  const checked = await checkPublicTarget(url, options.allowPrivate);
  if (!checked.ok) return { ok: false, refused: true, error: checked.message };
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const timedOut = `No answer within ${options.timeoutMs / 1000} s`;
  return new Promise<PostOutcome>((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(checked),
        timeout: options.timeoutMs,
        headers: { ...options.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
          else chunks.push(chunk);
        });
        const finish = () => resolve({ ok: true, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        res.on('end', finish);
        res.on('close', finish);
        res.on('error', finish);
      },
    );
    const deadline = setTimeout(() => req.destroy(new Error(timedOut)), options.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(timedOut)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ ok: false, refused: false, error: error.code ? `${error.code}: ${error.message}` : error.message }),
    );
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
