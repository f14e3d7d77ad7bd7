import { and, arrayOverlaps, between, eq, exists, lt, not, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, reviews } from '#platform/db/schema.ts';
import { MATCH_KEYS_VERSION, matchLookup, requestMatchKeys, type IncomingReviewForMatching, type OpenRequest } from './matching/matcher.ts';
import { COUNTED_FOR_TEAM } from './scoring.ts';

/** Requests older than this are not offered to the matcher. */
const OPEN_REQUEST_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows whose keys are stored per statement. */
const REFRESH_BATCH = 500;

/** The match-key columns of a request with these customer details, for its insert or update. */
export function matchKeyColumns(customer: { firstName: string; lastName: string; email: string; phone?: string | null }) {
  return { matchKeys: requestMatchKeys(customer), matchKeysVersion: MATCH_KEYS_VERSION };
}

export type CandidateRequest = OpenRequest & { teamId: number | null };

/** The statuses of a review that holds its request, written out (see candidateQuery). */
const COUNTED = sql.raw(`(${[...COUNTED_FOR_TEAM].map((status) => `'${status}'`).join(', ')})`);

/** A request already counted for a review takes no other. */
const notTaken = notExists(sql`(SELECT 1 FROM ${reviews} WHERE ${reviews.requestId} = ${reviewRequests.id} AND ${reviews.matchStatus} IN ${COUNTED})`);

/**
 * The open requests that can matter to this review (src/domain/reviews/matching/matcher.ts matchLookup): filed
 * under one of its name's keys, or opened shortly before it, and not taken by another review. Rows
 * whose keys are missing or of an older version (from before the keys were kept, a restored backup,
 * a new version of the matcher) come too: their keys are worked out here, once, and stored.
 */
export async function candidateRequests(db: Db, workspaceId: number, review: IncomingReviewForMatching): Promise<CandidateRequest[]> {
  const lookup = matchLookup(review);
  const rows = await candidateQuery(db, workspaceId, review, lookup);
  const refreshed = rows.filter((r) => r.stale).map((r) => ({ id: r.id, keys: requestMatchKeys(r) }));
  if (refreshed.length) await storeMatchKeys(db, workspaceId, refreshed);
  const keysOf = new Map(refreshed.map((r) => [r.id, r.keys]));
  const wanted = new Set(lookup.keys);
  const openSince = review.createTime.getTime() - OPEN_REQUEST_DAYS * DAY_MS;
  return rows
    .filter((r) => {
      if (r.createdAt.getTime() < openSince) return false;
      const keys = keysOf.get(r.id);
      if (!keys) return true;
      const clicked = r.clickedAt !== null && r.clickedAt >= lookup.clickedFrom && r.clickedAt <= lookup.clickedTo;
      return clicked || keys.some((key) => wanted.has(key));
    })
    .map(({ stale: _stale, ...request }) => request);
}

/**
 * The statement behind candidateRequests (its plan is tested: it must use the indexes, not read every
 * open request). A prepared statement is planned without its values after a few runs, so nothing in
 * it may need a value to be planned well (decision 049): the matcher's version and the counted
 * statuses are written into the text, and the age of a request is left to candidateRequests (a
 * condition on it, of a selectivity the planner cannot know, drew it to read every request of the
 * workspace by date).
 */
export function candidateQuery(db: Db, workspaceId: number, review: IncomingReviewForMatching, lookup = matchLookup(review)) {
  const stale = lt(reviewRequests.matchKeysVersion, sql.raw(String(MATCH_KEYS_VERSION)));
  return db
    .select({
      id: reviewRequests.id,
      firstName: reviewRequests.customerFirstName,
      lastName: reviewRequests.customerLastName,
      email: reviewRequests.customerEmail,
      phone: reviewRequests.customerPhone,
      createdAt: reviewRequests.createdAt,
      clickedAt: reviewRequests.clickedAt,
      teamId: reviewRequests.teamId,
      stale: sql<boolean>`${stale}`,
    })
    .from(reviewRequests)
    .where(
      and(
        eq(reviewRequests.workspaceId, workspaceId),
        or(
          between(reviewRequests.clickedAt, lookup.clickedFrom, lookup.clickedTo),
          lookup.keys.length ? arrayOverlaps(reviewRequests.matchKeys, lookup.keys) : undefined,
          stale,
        ),
        notTaken,
      ),
    );
}

async function storeMatchKeys(db: Db, workspaceId: number, rows: { id: number; keys: string[] }[]): Promise<void> {
  for (let at = 0; at < rows.length; at += REFRESH_BATCH) {
    await db.execute(sql`
      UPDATE review_requests AS r
      SET match_keys = ARRAY(SELECT jsonb_array_elements_text(v.keys)), match_keys_version = ${MATCH_KEYS_VERSION}
      FROM jsonb_to_recordset(${JSON.stringify(rows.slice(at, at + REFRESH_BATCH))}::jsonb) AS v(id integer, keys jsonb)
      WHERE r.id = v.id AND r.workspace_id = ${workspaceId}`);
  }
}

/** Whether every one of these requests is still there and open to this review (taken by no other). */
export async function stillOpen(db: Db, workspaceId: number, requestIds: number[], review: { source: string; externalId: string }): Promise<boolean> {
  if (!requestIds.length) return true;
  const takenByAnother = exists(
    sql`(SELECT 1 FROM ${reviews} WHERE ${reviews.requestId} = ${reviewRequests.id} AND ${reviews.matchStatus} IN ${COUNTED}
      AND NOT (${reviews.source} = ${review.source} AND ${reviews.externalId} = ${review.externalId}))`,
  );
  const open = await db
    .select({ id: reviewRequests.id })
    .from(reviewRequests)
    // One array parameter, not one parameter per id: a common name can have hundreds of candidates.
    .where(and(eq(reviewRequests.workspaceId, workspaceId), sql`${reviewRequests.id} = ANY(${sql.param(requestIds)}::int[])`, not(takenByAnother)));
  return open.length === requestIds.length;
}
