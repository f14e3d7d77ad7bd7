import type { APIRoute } from 'astro';
import { liveDeskCardQr } from '#domain/game/staff/desk-cards.ts';
import { DESK_CARD_NOT_FOUND } from '#domain/requests/desk-card-visit.ts';
import { notFound } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';

/** A live desk card's QR code, for the wallboard's "Scan to review" panel; a rotated card's is gone. */
export const GET: APIRoute = async ({ locals, params, url }) => {
  const svg = await liveDeskCardQr(locals.runtime.database.db, params.token ?? '', linkBase(locals.runtime.config, url));
  if (!svg) return notFound(DESK_CARD_NOT_FOUND);
  // A rotated card's code must leave the screens soon; the board asks again when it changes.
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } });
};
