import type { APIRoute } from 'astro';
import { openApiDocument } from '#web/api-v1/openapi.ts';

/** The OpenAPI 3.1 document of /api/v1 (public: the reference at /docs/api reads it). */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(openApiDocument()), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
