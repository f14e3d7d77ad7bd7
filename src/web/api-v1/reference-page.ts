import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The API reference at /docs/api (docs/decisions/039): Scalar's standalone browser bundle, served by
// the product itself from its installed package (no CDN: offices and kiosks behind closed networks
// reach only this server), under an address that changes with its content, so it is cached for good.

let bundle: { body: Uint8Array; version: string } | null = null;

/**
 * The one change made to the bundle: the probe of its copy of zod for `new Function` (caught when
 * refused, but reported as a Content-Security-Policy violation all the same) answers "no" outright,
 * which is what it finds under the page's policy anyway. A bundle without the probe is served as it is.
 */
const EVAL_PROBE = 'try{return new Function(""),!0}catch(e){return!1}';

export function patchScalarBundle(source: string): string {
  return source.split(EVAL_PROBE).join('return!1');
}

/** The bundle and a short hash of it (the address's ?v=). */
export function scalarBundle(): { body: Uint8Array; version: string } {
  if (!bundle) {
    const path = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
    const body = Buffer.from(patchScalarBundle(readFileSync(path, 'utf8')));
    bundle = { body, version: createHash('sha256').update(body).digest('hex').slice(0, 16) };
  }
  return bundle;
}

/** What the page runs: the reference, reading the document from this server, with no fonts or proxy from elsewhere. */
export const REFERENCE_INIT_SCRIPT = `Scalar.createApiReference('#reference', {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  telemetry: false,
  mcp: { disabled: true },
  agent: { disabled: true },
  metaData: { title: 'Review Challenge API reference' },
});
`;

/**
 * The page's own policy (the page is not an Astro page): scripts only from this server; inline
 * styles, which the reference writes at run time.
 */
export const REFERENCE_PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function referencePageHtml(): string {
  const { version } = scalarBundle();
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>API reference · Review Challenge</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <style>body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; } noscript p { padding: 2rem; }</style>
  </head>
  <body>
    <noscript><p>The API reference needs JavaScript. The OpenAPI document itself is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></noscript>
    <div id="reference"></div>
    <script src="/docs/api/scalar.js?v=${version}"></script>
    <script src="/docs/api/init.js?v=${version}"></script>
  </body>
</html>
`;
}
