// Serves dist/client's precompressed files (src/integrations/precompress.ts) to clients that accept brotli or gzip,
// ahead of the app (docs/decisions/040). Hashed files under /_astro/ never change: they are cached
// for a year, immutable. Anything else (no variant, identity wanted, a range) is left to the app.
import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { extname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import send from 'send';
import { negotiateEncoding, type Encoding } from './negotiate.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Where the build puts the static files (and their .br and .gz). */
export const BUILT_CLIENT_DIR = fileURLToPath(new URL('../../../dist/client/', import.meta.url));
export const HASHED_PREFIX = '/_astro/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};

interface Variants {
  type: string;
  br?: Buffer;
  gzip?: Buffer;
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
    });
  } catch {
    return [];
  }
}

/** The precompressed variants under clientDir, by URL path (read into memory: a few hundred KB). */
export function loadPrecompressed(clientDir: string): Map<string, Variants> {
  const found = new Map<string, Variants>();
  for (const file of filesUnder(clientDir)) {
    const encoding: Encoding | null = file.endsWith('.br') ? 'br' : file.endsWith('.gz') ? 'gzip' : null;
    if (!encoding) continue;
    const original = file.slice(0, -3);
    const type = TYPES[extname(original)];
    if (!type) continue;
    const urlPath = '/' + relative(clientDir, original).split(sep).join('/');
    const variants = found.get(urlPath) ?? { type };
    variants[encoding] = readFileSync(file);
    found.set(urlPath, variants);
  }
  return found;
}

/** Answers the request from a precompressed file and returns true, or returns false to let the app answer. */
export function servePrecompressed(files: Map<string, Variants>, req: IncomingMessage, res: ServerResponse): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range || !req.url) return false;
  const query = req.url.indexOf('?');
  let path = query >= 0 ? req.url.slice(0, query) : req.url;
  try {
    path = decodeURI(path);
  } catch {
    return false;
  }
  const variants = files.get(path);
  if (!variants) return false;
  const offered = (['br', 'gzip'] as const).filter((e) => variants[e]);
  const encoding = negotiateEncoding(req.headers['accept-encoding'], offered);
  const body = encoding ? variants[encoding] : undefined;
  if (!encoding || !body) return false;
  res.writeHead(200, {
    'content-type': variants.type,
    'content-encoding': encoding,
    'content-length': body.length,
    vary: 'Accept-Encoding',
    'cache-control': path.startsWith(HASHED_PREFIX) ? IMMUTABLE : 'public, max-age=0',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * The built app, with dist/client's files served before it (what @astrojs/node's standalone handler
 * did in front of every request: docs/decisions/074). A request can name a file only under one of
 * clientDir's top-level names (`_astro`, `favicon.svg`, ...), read once here: any other goes to the
 * app at once, without the two file-system look-ups and the failed file stream the standalone
 * handler paid on every API call and page. A name that is no file there (a folder, a dotfile, a
 * missing one) goes to the app too, whose 404 page answers it, as before.
 */
export function withStaticFiles(app: RequestListener, clientDir = BUILT_CLIENT_DIR): RequestListener {
  let names: ReadonlySet<string>;
  try {
    names = new Set(readdirSync(clientDir));
  } catch {
    names = new Set();
  }
  return (req, res) => {
    const url = req.url ?? '/';
    let path: string;
    try {
      decodeURI(url);
      path = decodeURI(url.split(/[?#]/, 1)[0]!);
    } catch {
      res.writeHead(400);
      res.end('Bad request.');
      return;
    }
    if (!names.has(path.split('/', 2)[1]!)) return app(req, res);
    let found = false;
    const file = send(req, posix.normalize(path), { root: clientDir, dotfiles: 'deny', index: false });
    file.on('error', (error: { statusCode?: number }) => {
      if (!found) return app(req, res);
      res.writeHead(error.statusCode ?? 500);
      res.end();
    });
    file.on('directory', () => app(req, res));
    file.on('file', () => (found = true));
    file.on('stream', () => {
      if (path.startsWith(HASHED_PREFIX)) res.setHeader('cache-control', IMMUTABLE);
    });
    file.pipe(res);
  };
}
