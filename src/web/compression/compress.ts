// On-the-fly compression of the app's answers (docs/decisions/040): a wrap around a node:http
// listener that gzips or brotli-compresses HTML, CSS, JavaScript, JSON and other text by the
// request's Accept-Encoding. Event streams, HEAD, 204/206/304, answers already encoded, marked
// no-transform or under 1 KB go out untouched; nothing is held back from an event stream.
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliCompress, type Gzip } from 'node:zlib';
import { isCompressibleType, MIN_COMPRESSED_BYTES, negotiateEncoding, varyWithAcceptEncoding, type Encoding } from './negotiate.ts';

/** Brotli quality for answers made per request: 4 is about gzip's speed with smaller output. */
export const DYNAMIC_BROTLI_QUALITY = 4;
export const DYNAMIC_GZIP_LEVEL = 6;

type WriteHead = ServerResponse['writeHead'];
type Chunk = string | Uint8Array;

/**
 * An answer written whole in one turn of the event loop, up to this size, is compressed in one call
 * instead of through a stream: the stream's set-up, its trips to zlib's thread pool and its close cost
 * more than compressing 3 KB of JSON (about a quarter of a millisecond of /api/dashboard's CPU, in a
 * profile of bench:http). Larger answers, and answers still being written, go through the stream.
 */
export const ONE_SHOT_MAX_BYTES = 64 * 1024;

const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };

/** A streamed answer's brotli window, 256 KiB: more than a page, a sixteenth of the default (see encodeWhole). */
const STREAM_WINDOW_BITS = 18;

export function createEncoder(encoding: Encoding): BrotliCompress | Gzip {
  return encoding === 'br'
    ? createBrotliCompress({ params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_LGWIN]: STREAM_WINDOW_BITS } })
    : createGzip({ level: DYNAMIC_GZIP_LEVEL });
}

/**
 * The whole of an answer compressed at once, as the encoder above would. Brotli's window is sized to
 * the answer (at least the whole of it, so the output is the same): its default 4 MiB window is
 * allocated and freed for every call, and under `npm start`'s malloc settings (docs/decisions/046)
 * each allocation came fresh from the kernel: a 2 KB answer cost 240 µs instead of 45.
 */
export function encodeWhole(encoding: Encoding, body: Buffer): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: DYNAMIC_GZIP_LEVEL });
  const window = Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length + 1))));
  return brotliCompressSync(body, { params: { ...BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_LGWIN]: window } });
}

/** Copies writeHead's headers (an object or a flat [name, value, ...] list) onto the response. */
function applyHeadArgs(res: ServerResponse, args: unknown[]): void {
  let headers: unknown = args[0];
  if (typeof headers === 'string') {
    res.statusMessage = headers;
    headers = args[1];
  }
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) res.appendHeader(String(headers[i]), headers[i + 1] as string);
  } else if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers as OutgoingHttpHeaders)) if (value !== undefined) res.setHeader(name, value);
  }
}

/** Why an answer may not be compressed, whatever its size; null when it may be. */
function refusal(req: IncomingMessage, res: ServerResponse): string | null {
  if (req.method === 'HEAD') return 'head';
  const status = res.statusCode;
  if (status < 200 || status === 204 || status === 206 || status === 304) return 'status';
  if (res.hasHeader('content-encoding')) return 'encoded';
  if (!isCompressibleType(res.getHeader('content-type'))) return 'type';
  if (/\bno-transform\b/i.test(String(res.getHeader('cache-control') ?? ''))) return 'no-transform';
  return null;
}

const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * Compresses one response as it is written. The decision waits for the headers (writeHead, or the
 * first write when they are implicit) and, when the length is not declared, for the first 1 KB of
 * body or its end, whichever comes first. writeHead, write and end are replaced once and choose by
 * state, so a wrap installed after this one (the page cache's) keeps seeing every write.
 */
export function compressResponse(req: IncomingMessage, res: ServerResponse): void {
  const encoding = negotiateEncoding(req.headers['accept-encoding']);
  const originalWriteHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  const rawWrite = res.write as (...args: unknown[]) => boolean;
  const rawEnd = res.end as (...args: unknown[]) => ServerResponse;
  let state: 'headers' | 'buffering' | 'plain' | 'compressing' = 'headers';
  // decide() changes the state: read it through this so TypeScript does not narrow it.
  const now = () => state;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let encoder: BrotliCompress | Gzip | null = null;
  let flushScheduled = false;
  let bufferCheckScheduled = false;

  // Headers known: pass the answer through, compress it, or wait for 1 KB of body.
  const decide = () => {
    if (refusal(req, res)) {
      state = 'plain';
      return;
    }
    res.setHeader('vary', varyWithAcceptEncoding(res.getHeader('vary')));
    const declared = res.getHeader('content-length');
    if (!encoding || (declared !== undefined && Number(declared) < MIN_COMPRESSED_BYTES)) state = 'plain';
    else state = declared !== undefined && Number(declared) > ONE_SHOT_MAX_BYTES ? 'compressing' : 'buffering';
  };

  /** The encoded answer's headers: its coding, no length of the plain body, a weak validator. */
  const encodedHeaders = () => {
    res.setHeader('content-encoding', encoding!);
    res.removeHeader('content-length');
    const etag = res.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('etag', `W/${etag}`);
  };

  const startEncoder = (): BrotliCompress | Gzip => {
    if (encoder) return encoder;
    state = 'compressing';
    encodedHeaders();
    originalWriteHead.call(res, res.statusCode);
    encoder = createEncoder(encoding!);
    encoder.on('data', (data: Buffer) => rawWrite.call(res, data));
    encoder.on('end', () => rawEnd.call(res));
    encoder.on('error', (error) => res.destroy(error));
    // A client that goes away mid-answer: the encoder's memory is freed at once.
    res.once('close', () => encoder?.destroy());
    return encoder;
  };

  // What the app writes in one turn of the event loop goes to the encoder in one piece, then is
  // flushed: a streamed page still shows as it renders, and a page written at once is compressed in
  // one pass (each write and flush is a trip to zlib's thread pool; a page in three pieces and a
  // flush cost twice the CPU of the same page in one).
  let queued: Buffer[] = [];
  let queuedCallbacks: (() => void)[] = [];

  /** Hands the queued pieces (and the last one) to the encoder: flushed, or ending the answer. */
  const handOn = (last: boolean, tail?: Buffer) => {
    const target = startEncoder();
    if (tail) queued.push(tail);
    const data = queued.length === 1 ? queued[0]! : Buffer.concat(queued);
    const callbacks = queuedCallbacks;
    queued = [];
    queuedCallbacks = [];
    const done = () => callbacks.forEach((callback) => callback());
    if (last) {
      target.end(data, done);
      return;
    }
    target.write(data, done);
    target.flush();
  };

  const encode = (chunk: Buffer, callback?: () => void) => {
    startEncoder();
    queued.push(chunk);
    if (callback) queuedCallbacks.push(callback);
    if (!flushScheduled) {
      flushScheduled = true;
      setImmediate(() => {
        flushScheduled = false;
        if (queued.length && encoder && !encoder.writableEnded && !encoder.destroyed) handOn(false);
      });
    }
  };

  const parse = (chunk: unknown, enc: unknown, cb: unknown) => {
    const callback = [chunk, enc, cb].find((a) => typeof a === 'function') as (() => void) | undefined;
    const data =
      typeof chunk === 'string' || chunk instanceof Uint8Array ? toBuffer(chunk, typeof enc === 'string' ? (enc as BufferEncoding) : undefined) : null;
    return { data, callback };
  };

  res.writeHead = ((statusCode: number, ...rest: unknown[]) => {
    if (state !== 'headers') return originalWriteHead.call(res, statusCode, ...rest);
    res.statusCode = statusCode;
    applyHeadArgs(res, rest);
    decide();
    if (now() === 'plain') return originalWriteHead.call(res, statusCode);
    if (now() === 'compressing') startEncoder();
    return res;
  }) as WriteHead;

  res.write = ((chunk: unknown, enc?: unknown, cb?: unknown) => {
    if (state === 'headers') decide();
    if (now() === 'plain') return rawWrite.call(res, chunk, enc, cb);
    const { data, callback } = parse(chunk, enc, cb);
    if (!data) return true;
    if (now() === 'compressing') {
      encode(data, callback);
      return true;
    }
    // Buffering: the answer may end in this turn of the event loop (then it is compressed whole, at
    // its end) or go on in later ones (then what is held goes to the encoder at the turn's end, so a
    // streamed page still shows as it renders, once it holds 1 KB).
    pending.push(data);
    pendingBytes += data.byteLength;
    if (pendingBytes > ONE_SHOT_MAX_BYTES) {
      streamPending(callback);
      return true;
    }
    if (callback) process.nextTick(callback);
    if (!bufferCheckScheduled) {
      bufferCheckScheduled = true;
      setImmediate(() => {
        bufferCheckScheduled = false;
        if (now() === 'buffering' && !res.writableEnded && pendingBytes >= MIN_COMPRESSED_BYTES) streamPending();
      });
    }
    return true;
  }) as ServerResponse['write'];

  /** What buffering held goes to the encoder: the answer is streamed from here on. */
  const streamPending = (callback?: () => void) => {
    const held = Buffer.concat(pending);
    pending = [];
    encode(held, callback);
  };

  res.end = ((chunk?: unknown, enc?: unknown, cb?: unknown) => {
    if (state === 'headers') decide();
    if (now() === 'plain') return rawEnd.call(res, chunk, enc, cb);
    const { data, callback } = parse(chunk, enc, cb);
    if (callback) res.once('finish', callback);
    if (now() === 'buffering') {
      if (data) pending.push(data);
      pendingBytes += data?.byteLength ?? 0;
      const held = Buffer.concat(pending);
      pending = [];
      if (pendingBytes < MIN_COMPRESSED_BYTES) {
        state = 'plain';
        if (!res.headersSent) res.setHeader('content-length', held.byteLength);
        return rawEnd.call(res, held);
      }
      if (pendingBytes > ONE_SHOT_MAX_BYTES) {
        startEncoder().end(held);
        return res;
      }
      state = 'compressing';
      const body = encodeWhole(encoding!, held);
      encodedHeaders();
      res.setHeader('content-length', body.byteLength);
      originalWriteHead.call(res, res.statusCode);
      return rawEnd.call(res, body);
    }
    handOn(true, data ?? undefined);
    return res;
  }) as ServerResponse['end'];
}

/** Wraps a listener so that its answers are compressed when the client accepts it. */
export function withCompression(handler: RequestListener): RequestListener {
  return (req, res) => {
    compressResponse(req, res);
    return handler(req, res);
  };
}
