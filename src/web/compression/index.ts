// Compression and caching in front of the built app (docs/decisions/040), in this order:
// precompressed static files, the cached landing page, then the app with its answers compressed.
import type { RequestListener } from 'node:http';
import { withCompression } from './compress.ts';
import { PageCache } from './page-cache.ts';
import { BUILT_CLIENT_DIR, loadPrecompressed, servePrecompressed } from './static-files.ts';

export interface ServingOptions {
  /** dist/client: where the build put the static files and their .br/.gz. */
  clientDir?: string;
  /** Pages kept once rendered for visitors without a session. */
  cachedPages?: string[];
}

export function withCompressionAndCaching(handler: RequestListener, options: ServingOptions = {}): RequestListener {
  const files = loadPrecompressed(options.clientDir ?? BUILT_CLIENT_DIR);
  const pages = new PageCache({ paths: options.cachedPages ?? ['/'] });
  const app = withCompression(pages.filling(handler));
  return (req, res) => {
    if (servePrecompressed(files, req, res) || pages.serve(req, res)) return;
    return app(req, res);
  };
}
