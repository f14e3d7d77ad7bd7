import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import preact from '@astrojs/preact';
import tailwindcss from '@tailwindcss/vite';
import { precompressStaticFiles } from './src/integrations/precompress.ts';

// The built handler is served by main.ts, so main.ts owns start-up: database, migrations and
// background work start before the first request. The adapter's middleware mode gives the app alone:
// main.ts serves dist/client's files in front of it (withStaticFiles, docs/decisions/074).
export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // Static files get .br and .gz beside them at build (docs/decisions/040).
  integrations: [preact({ compat: true }), precompressStaticFiles()],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
  security: {
    // Replaced by the middleware's own check (docs/decisions/008), which lets non-browser API clients in.
    checkOrigin: false,
    // Every page's Content-Security-Policy header: scripts only from the product, Astro's own inline
    // scripts by their hashes (no 'unsafe-inline' for scripts); inline styles stay allowed (the islands
    // set team colours and sizes as style attributes). Kiosk pages may be framed (src/web/security-headers.ts).
    csp: {
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "connect-src 'self'",
        "font-src 'self' data:",
        "media-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ],
    },
  },
});
