import type { APIRoute } from 'astro';
import { deskCardRefusal, recordDeskCardScan } from '#domain/requests/desk-card-visit.ts';
import { json, refused } from '#web/http.ts';

/** The card's page, running in the customer's browser, counts the scan (a bare GET of the page does not). */
export const POST: APIRoute = async ({ locals, params }) => {
  const scanned = await recordDeskCardScan(locals.runtime.database, params.token ?? '');
  return scanned.ok ? json({ scanId: scanned.scanId }) : refused(deskCardRefusal(scanned.problem));
};
