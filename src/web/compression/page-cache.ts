// The landing page, rendered once and kept with its brotli and gzip forms (issue 16 point 4,
// docs/decisions/040). It is the same for every visitor without a session; a visitor with a session
// cookie is sent to their workspace by the app, so those requests always reach the app. The first
// eligible request renders it through the app (middleware, security headers and all); the answer is
// kept when it is a 200 that sets no cookie, and rendered again after maxAgeMs (the footer's year).
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { SESSION_COOKIE } from '#domain/workspace/auth/session.ts';
import { log } from '#platform/log/log.ts';
import { REQUEST_ID_HEADER, requestIdFrom, requestLogLine } from '../request-log.ts';
import { negotiateEncoding, varyWithAcceptEncoding } from './negotiate.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

interface CachedPage {
  headers: OutgoingHttpHeaders;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  storedAt: number;
}

export interface PageCacheOptions {
  /** Exact request paths (no query string) whose anonymous answer is kept. */
  paths: string[];
  maxAgeMs?: number;
  now?: () => number;
}

const lowerCased = (headers: OutgoingHttpHeaders) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

const SESSION_IN_COOKIES = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);
const hasSession = (req: IncomingMessage) => req.headers.cookie !== undefined && SESSION_IN_COOKIES.test(req.headers.cookie);

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly paths: Set<string>;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: PageCacheOptions) {
    this.paths = new Set(options.paths);
    this.maxAgeMs = options.maxAgeMs ?? 60 * 60 * 1000;
    this.now = options.now ?? Date.now;
  }

  /** The request may be answered from, or fill, the cache. */
  eligible(req: IncomingMessage): boolean {
    return (req.method === 'GET' || req.method === 'HEAD') && this.paths.has(req.url ?? '') && !hasSession(req);
  }

  /** Answers from the cache and returns true, or returns false (not eligible, not cached yet, stale). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (!this.eligible(req)) return false;
    const page = this.pages.get(req.url!);
    if (!page || this.now() - page.storedAt > this.maxAgeMs) return false;
    const started = performance.now();
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    const body = encoding ? page[encoding] : page.identity;
    const requestId = requestIdFrom((req.headers[REQUEST_ID_HEADER] as string | undefined) ?? null);
    const headers: OutgoingHttpHeaders = { ...page.headers, [REQUEST_ID_HEADER]: requestId, 'content-length': body.length };
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    // The same request log line the middleware writes for the pages it renders.
    const line = requestLogLine({
      method: req.method!,
      routePattern: req.url!,
      pathname: req.url!,
      status: 200,
      durationMs: performance.now() - started,
      requestId,
      workspaceId: null,
      reason: null,
    });
    log[line.level](line.fields, line.msg);
    return true;
  }

  /** Wraps the app so that an eligible GET's answer is kept once it is complete. */
  filling(handler: RequestListener): RequestListener {
    return (req, res) => {
      if (req.method === 'GET' && this.eligible(req)) this.capture(req.url!, res);
      return handler(req, res);
    };
  }

  private capture(path: string, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    const write = res.write;
    const end = res.end;
    // The app's own headers, as it gave them: the compression layer below adds its coding to res.
    let appHeaders: OutgoingHttpHeaders | null = null;
    res.writeHead = function (this: ServerResponse, statusCode: number, ...rest: unknown[]) {
      const given = rest.find((a) => a !== null && typeof a === 'object') as OutgoingHttpHeaders | unknown[] | undefined;
      appHeaders = statusCode === 200 && given && !Array.isArray(given) ? { ...res.getHeaders(), ...lowerCased(given) } : null;
      return writeHead.call(this, statusCode, ...rest);
    } as ServerResponse['writeHead'];
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk as string));
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk as string));
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    res.once('finish', () => {
      const headers = appHeaders;
      if (res.statusCode !== 200 || !headers || headers['set-cookie'] !== undefined || headers['content-encoding'] !== undefined) return;
      delete headers[REQUEST_ID_HEADER];
      delete headers['content-length'];
      delete headers['transfer-encoding'];
      delete headers.etag;
      headers.vary = varyWithAcceptEncoding(headers.vary);
      const identity = Buffer.concat(chunks);
      void this.store(path, headers, identity).catch(() => {});
    });
  }

  private async store(path: string, headers: OutgoingHttpHeaders, identity: Buffer): Promise<void> {
    const [br, gzipped] = await Promise.all([
      brotli(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gz(identity, { level: 9 }),
    ]);
    this.pages.set(path, { headers, identity, br, gzip: gzipped, storedAt: this.now() });
  }
}
