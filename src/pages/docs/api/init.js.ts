import type { APIRoute } from 'astro';
import { REFERENCE_INIT_SCRIPT } from '#web/api-v1/reference-page.ts';

export const GET: APIRoute = () =>
  new Response(REFERENCE_INIT_SCRIPT, {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' },
  });
