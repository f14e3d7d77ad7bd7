import type { APIRoute } from 'astro';
import { REFERENCE_PAGE_CSP, referencePageHtml } from '#web/api-v1/reference-page.ts';

/** The readable reference of /api/v1 (Scalar), served entirely from the product. */
export const GET: APIRoute = () =>
  new Response(referencePageHtml(), {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache', 'content-security-policy': REFERENCE_PAGE_CSP },
  });
