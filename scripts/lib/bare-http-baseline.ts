// The baseline `npm run bench:http` measures the product against: a bare node:http server on the
// same database through the same driver, serving the same data and sending the same bytes, encoded
// the same way (brotli 4 / gzip 6 per dynamic answer, the landing page's brotli and gzip made once).
// No framework, no middleware. Per request it does what any server answering a signed-in screen must:
// the session cookie checked and looked up (the product's resumeSession: a signature check and one
// indexed read) and, for the wallboard page, the set-up strip's reads (readSetupState). The dashboard
// is kept, as the product keeps its snapshot (decision 045): loaded once, since nothing changes it
// during the bench, and the wallboard page's bytes are the product's own answer, kept as they are.
// (Until issue 31 it loaded the dashboard for every request, which the product had stopped doing:
// against it the product's dashboard and page looked 1 to 5 times as fast as "bare".)
//
//   PORT, SLUG, APP_SECRET (the product's), LANDING_FILE (the product's landing page bytes),
//   WALLBOARD_FILE (its /{slug} bytes), DATABASE_URL (PostgreSQL) or DATA_DIR (embedded);
//   DATABASE_PREPARE as in the product.
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loadDashboard } from '#domain/game/dashboard.ts';
import { SESSION_COOKIE, sessionKey } from '#domain/workspace/auth/session.ts';
import { resumeSession } from '#domain/workspace/auth/session-store.ts';
import { readSetupState } from '#domain/workspace/setup-checklist.ts';
import { findWorkspaceBySlug } from '#domain/workspace/workspaces.ts';
import { openPgliteFolder } from '#platform/db/pglite.ts';
import { openPostgres } from '#platform/db/postgres.ts';
import { negotiateEncoding } from '#web/compression/negotiate.ts';

const env = process.env;
// DATABASE_PREPARE as the product reads it (src/platform/config.ts): on unless false.
const database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, { prepare: env.DATABASE_PREPARE !== 'false' }) : await openPgliteFolder(env.DATA_DIR!);
const { db } = database;
const slug = env.SLUG!;
const key = sessionKey(env.APP_SECRET!);
const SESSION_IN_COOKIES = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]*)`);
const landing = readFileSync(env.LANDING_FILE!);
const wallboard = readFileSync(env.WALLBOARD_FILE!);
const landingBr = brotliCompressSync(landing, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const landingGzip = gzipSync(landing, { level: 9 });
const workspace = await findWorkspaceBySlug(db, slug);
if (!workspace) throw new Error('no workspace');
const dashboard = Buffer.from(JSON.stringify(await loadDashboard(db, workspace)));

function send(res: ServerResponse, accept: string | undefined, type: string, body: Buffer, made?: { br: Buffer; gzip: Buffer }) {
  const encoding = body.length >= 1024 ? negotiateEncoding(accept) : null;
  const encoded = !encoding
    ? body
    : made
      ? made[encoding]
      : encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(body, { level: 6 });
  res.writeHead(200, {
    'content-type': type,
    'content-length': encoded.length,
    vary: 'Accept-Encoding',
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  res.end(encoded);
}

createServer(async (req, res) => {
  try {
    const accept = req.headers['accept-encoding'];
    if (req.url === '/') return send(res, accept, 'text/html', landing, { br: landingBr, gzip: landingGzip });
    const signedIn = await resumeSession(db, key, SESSION_IN_COOKIES.exec(req.headers.cookie ?? '')?.[1]);
    if (!signedIn) throw new Error('no session');
    if (req.url === '/api/dashboard') return send(res, accept, 'application/json', dashboard);
    if (req.url === `/${slug}`) {
      await readSetupState(db, signedIn.workspace, false);
      return send(res, accept, 'text/html', wallboard);
    }
    res.writeHead(404).end();
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
}).listen(Number(env.PORT), '127.0.0.1', () => console.log('ready'));
