import type { APIRoute } from 'astro';
import { scalarBundle } from '#web/api-v1/reference-page.ts';

/** Scalar's browser bundle from the installed package; its address changes with it (?v=), so it is immutable. */
export const GET: APIRoute = () =>
  new Response(scalarBundle().body as Uint8Array<ArrayBuffer>, {
    headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' },
  });
