import { and, eq, isNull } from 'drizzle-orm';
import type { Refusal } from '#contracts/refusal.ts';
import type { Database } from '#platform/db/database.ts';
import { deskCardScans, privateFeedback, reviewRequests, staff } from '#platform/db/schema.ts';
import { announceDataChange } from '#platform/live/publish.ts';
import { logError } from '#platform/log/log.ts';
import { newToken } from '#platform/tokens.ts';
import type { JobQueue } from '#platform/jobs/queue.ts';
import { localDateOf } from '#shared/time.ts';
import { DEFAULT_TIMEZONE } from '#shared/settings-rules.ts';
import { raiseEvent } from '#domain/events/domain-events.ts';
import { readSettings } from '#domain/workspace/settings.ts';
import { matchKeyColumns } from '#domain/reviews/match-keys.ts';
import { creditedTeamId, findDeskCard, type DeskCard } from '#domain/game/staff/desk-cards.ts';

// A customer at the desk scans a person's card (issue 29). The page counts the scan once it runs in a
// browser (a scanner's or a link preview's GET counts nothing); a first name makes the visit a review
// request credited to that person (channel 'qr'), matched like any other; without one it stays an
// open in that person's funnel. Either way the customer gets the review page: no gating.

export const DESK_CARD_NOT_FOUND = 'This desk card is not valid';

export type DeskCardProblem = 'not_found' | 'scan_unknown' | 'already_used' | 'feedback_sent';

const REFUSALS: Record<DeskCardProblem, Refusal> = {
  not_found: { status: 404, message: DESK_CARD_NOT_FOUND },
  scan_unknown: { status: 404, message: 'Open the card’s page again: this visit was not counted' },
  already_used: { status: 409, message: 'This visit already went on to the review page' },
  feedback_sent: { status: 409, message: 'Thank you, we have already received your feedback' },
};

export function deskCardRefusal(problem: DeskCardProblem): Refusal {
  return REFUSALS[problem];
}

/**
 * Counts a scan. A card that credits nobody (rotated, or its person inactive) still records the visit,
 * so its customer can send private feedback, but no visit of it becomes a request.
 */
export async function recordDeskCardScan(database: Database, token: string): Promise<{ ok: true; scanId: number } | { ok: false; problem: DeskCardProblem }> {
  const card = await findDeskCard(database.db, token);
  if (!card) return { ok: false, problem: 'not_found' };
  const [scan] = await database.db
    .insert(deskCardScans)
    .values({ workspaceId: card.workspaceId, deskCardId: card.id, staffId: card.staffId, credits: card.notCrediting === null })
    .returning({ id: deskCardScans.id });
  return { ok: true, scanId: scan!.id };
}

async function scanOf(database: Database, card: DeskCard, scanId: number | null) {
  if (scanId === null || !Number.isSafeInteger(scanId) || scanId < 1) return null;
  const [scan] = await database.db
    .select()
    .from(deskCardScans)
    .where(and(eq(deskCardScans.id, scanId), eq(deskCardScans.deskCardId, card.id)));
  return scan ?? null;
}

/** The visit was taken by another submit of the same page: its request is undone. */
class AlreadyUsed extends Error {}

export type VisitResult = { ok: true; next: string } | { ok: false; problem: DeskCardProblem };

/**
 * The customer went on from the card's page: with a first name, a review request credited to the
 * card's person and the tracked review page it opens; without one (or on a card that credits nobody),
 * the card's own review page.
 */
export async function continueDeskCardVisit(
  ctx: { database: Database; jobs: JobQueue },
  token: string,
  scanId: number | null,
  firstName: string,
): Promise<VisitResult> {
  const { db } = ctx.database;
  const card = await findDeskCard(db, token);
  if (!card) return { ok: false, problem: 'not_found' };
  const reviewPage = `/q/${encodeURIComponent(token)}?step=review${scanId ? `&scan=${scanId}` : ''}`;
  if (card.notCrediting || !firstName) return { ok: true, next: reviewPage };
  const scan = await scanOf(ctx.database, card, scanId);
  if (!scan) return { ok: false, problem: 'scan_unknown' };
  if (scan.requestId !== null) return { ok: false, problem: 'already_used' };

  const [[credited], settings] = await Promise.all([
    db
      .select({ teamId: creditedTeamId(card.workspaceId, staff.id) })
      .from(staff)
      .where(eq(staff.id, card.staffId)),
    readSettings(db, card.workspaceId, ['timezone']),
  ]);
  const requestToken = newToken();
  const claimed = await db
    .transaction(async (tx) => {
      const [request] = await tx
        .insert(reviewRequests)
        .values({
          workspaceId: card.workspaceId,
          teamId: credited?.teamId ?? null,
          staffId: card.staffId,
          staffFirstName: card.staffFirstName,
          staffEmail: card.staffEmail,
          customerFirstName: firstName,
          customerLastName: '',
          customerEmail: '',
          channel: 'qr',
          interactionDate: localDateOf(new Date(), settings.get('timezone') || DEFAULT_TIMEZONE),
          ...matchKeyColumns({ firstName, lastName: '', email: '' }),
          token: requestToken,
          // The customer is on the review page now: the request is opened as it is made.
          clickedAt: new Date(),
        })
        .returning({ id: reviewRequests.id });
      // Claimed in the update: the same visit sent twice makes one request.
      const [linked] = await tx
        .update(deskCardScans)
        .set({ requestId: request!.id })
        .where(and(eq(deskCardScans.id, scan.id), isNull(deskCardScans.requestId)))
        .returning({ id: deskCardScans.id });
      if (!linked) throw new AlreadyUsed();
      await raiseEvent(ctx.jobs, { type: 'request.logged', workspaceId: card.workspaceId, data: { requestId: request!.id } }, { tx });
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyUsed) return false;
      throw error;
    });
  if (!claimed) return { ok: false, problem: 'already_used' };
  try {
    await announceDataChange(ctx.database, card.workspaceId);
  } catch (error) {
    logError('Could not announce a desk card request', error);
  }
  return { ok: true, next: `/r/${encodeURIComponent(requestToken)}` };
}

/** Private feedback from a visitor who gave no name: once per scan, with nothing to link it to. */
export async function deskCardFeedback(
  database: Database,
  token: string,
  scanId: number | null,
  message: string,
): Promise<{ ok: true; businessName: string } | { ok: false; problem: DeskCardProblem }> {
  const card = await findDeskCard(database.db, token);
  if (!card) return { ok: false, problem: 'not_found' };
  const scan = await scanOf(database, card, scanId);
  if (!scan) return { ok: false, problem: 'scan_unknown' };
  const sent = await database.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(deskCardScans)
      .set({ feedbackAt: new Date() })
      .where(and(eq(deskCardScans.id, scan.id), isNull(deskCardScans.feedbackAt)))
      .returning({ id: deskCardScans.id });
    if (!claimed) return false;
    await tx.insert(privateFeedback).values({ workspaceId: card.workspaceId, requestId: null, message });
    return true;
  });
  return sent ? { ok: true, businessName: card.businessName } : { ok: false, problem: 'feedback_sent' };
}
