// Static files are compressed once, at build (docs/decisions/040): every text file of 1 KB or more
// in dist/client gets a .br (quality 11) and a .gz (level 9) beside it, kept only when smaller.
// static-files.ts serves them.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { AstroIntegration } from 'astro';
import { MIN_COMPRESSED_BYTES } from '#web/compression/negotiate.ts';

export const PRECOMPRESSED_EXTENSIONS = ['.html', '.css', '.js', '.mjs', '.json', '.svg', '.txt', '.xml', '.webmanifest', '.map'];

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** Writes the .br and .gz of each text file in dir; returns how many files were compressed. */
export async function precompressDirectory(dir: string): Promise<number> {
  const files = filesUnder(dir).filter((f) => PRECOMPRESSED_EXTENSIONS.some((ext) => f.endsWith(ext)) && statSync(f).size >= MIN_COMPRESSED_BYTES);
  for (const file of files) {
    const bytes = readFileSync(file);
    const [br, gzipped] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gz(bytes, { level: 9 }),
    ]);
    if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
    if (gzipped.length < bytes.length) writeFileSync(`${file}.gz`, gzipped);
  }
  return files.length;
}

/** The Astro integration: precompresses the client files once the build is done. */
export function precompressStaticFiles(): AstroIntegration {
  let clientDir: string | null = null;
  return {
    name: 'review-challenge:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client);
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const count = await precompressDirectory(clientDir);
        logger.info(`Precompressed ${count} static files (brotli and gzip)`);
      },
    },
  };
}
