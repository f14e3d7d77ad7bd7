// The baseline `npm run bench:http` measures the product against: a bare node:http server on the
// same database through the same driver, running the same SQL as the product's answers and sending
// the same bytes, encoded the same way (brotli 4 / gzip 6 per dynamic answer, the landing page's
// brotli and gzip made once). No framework, no middleware, no session check beyond one lookup.
//
//   PORT, SLUG, LANDING_FILE (the product's landing page bytes), WALLBOARD_FILE (its /{slug} bytes),
//   DATABASE_URL (PostgreSQL) or DATA_DIR (embedded); DATABASE_PREPARE as in the product.
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { loadDashboard } from '#domain/game/dashboard.ts';
import { openPgliteFolder } from '#platform/db/pglite.ts';
import { openPostgres } from '#platform/db/postgres.ts';
import { negotiateEncoding } from '#web/compression/negotiate.ts';
import { readSetupState } from '#domain/workspace/setup-checklist.ts';
import { findWorkspaceBySlug } from '#domain/workspace/workspaces.ts';

const env = process.env;
// DATABASE_PREPARE as the product reads it (src/platform/config.ts): on unless false.
const database = env.DATABASE_URL ? openPostgres(env.DATABASE_URL, { prepare: env.DATABASE_PREPARE !== 'false' }) : await openPgliteFolder(env.DATA_DIR!);
const { db } = database;
const slug = env.SLUG!;
const landing = readFileSync(env.LANDING_FILE!);
const wallboard = readFileSync(env.WALLBOARD_FILE!);
const landingBr = brotliCompressSync(landing, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const landingGzip = gzipSync(landing, { level: 9 });

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
    const workspace = await findWorkspaceBySlug(db, slug);
    if (!workspace) throw new Error('no workspace');
    if (req.url === '/api/dashboard') return send(res, accept, 'application/json', Buffer.from(JSON.stringify(await loadDashboard(db, workspace))));
    if (req.url === `/${slug}`) {
      await Promise.all([loadDashboard(db, workspace), readSetupState(db, workspace, false)]);
      return send(res, accept, 'text/html', wallboard);
    }
    res.writeHead(404).end();
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
}).listen(Number(env.PORT), '127.0.0.1', () => console.log('ready'));
