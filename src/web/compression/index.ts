// Compression and caching in front of the built app (docs/decisions/040), in this order:
// precompressed static files, the cached landing page, then the app with its answers compressed.
import type { RequestListener } from 'node:http';
import { fileURLToPath } from 'node:url';
import { withCompression } from './compress.ts';
import { PageCache } from './page-cache.ts';
import { loadPrecompressed, servePrecompressed } from './static-files.ts';

export interface ServingOptions {
  /** dist/client: where the build put the static files and their .br/.gz. */
  clientDir?: string;
  /** Pages kept once rendered for visitors without a session. */
  cachedPages?: string[];
}

export function withCompressionAndCaching(handler: RequestListener, options: ServingOptions = {}): RequestListener {
  const files = loadPrecompressed(options.clientDir ?? fileURLToPath(new URL('../../../dist/client/', import.meta.url)));
  const pages = new PageCache({ paths: options.cachedPages ?? ['/'] });
  const app = withCompression(pages.filling(handler));
  return (req, res) => {
    if (servePrecompressed(files, req, res) || pages.serve(req, res)) return;
    return app(req, res);
  };
}
