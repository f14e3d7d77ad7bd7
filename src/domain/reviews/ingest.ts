import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { transactionsRunAlone, type Database, type Db } from '#platform/db/database.ts';
import { deletedReviews, reviews, settings, teams, workspaces } from '#platform/db/schema.ts';
import { consumerColumns, raiseEvent, type Store } from '#domain/events/domain-events.ts';
import type { JobQueue } from '#platform/jobs/queue.ts';
import { publishLiveEvent } from '#platform/live/publish.ts';
import { logError } from '#platform/log/log.ts';
import { matchReview, RequestIndex, type MatchResult } from './matching/matcher.ts';
import { fold } from './matching/normalize.ts';
import { matchWithinPlan } from '#shared/plans.ts';
import { NEUTRAL_AT_OR_BELOW, firstNameAndInitial } from '#shared/wallboard-rules.ts';
import { CHALLENGE_SETTING_KEYS, challengeSettingsOf, COUNTED_FOR_TEAM } from './scoring.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import { candidateRequests, stillOpen, type CandidateRequest } from './match-keys.ts';
import { LIVE_REVIEW, lockWorkspaceReviews, upsertReview, type IncomingReview } from './store.ts';

/** DESIGN.md: a CRM delivery and the Google sync of one review agree on the creation time within 48 h. */
const SAME_REVIEW_WINDOW_MS = 48 * 60 * 60 * 1000;

export interface Ingested {
  id: number;
  created: boolean;
  /** An existing review was edited (new text, rating or owner reply). */
  changed: boolean;
  /** New and inside the challenge window: worth a celebration. */
  counted: boolean;
  match: MatchResult | null;
  /** The other delivery of the same review (a CRM forward of a Google review, or the reverse). */
  linkedTo: number | null;
  /** The workspace shows reviewers' names on its screens (read with the challenge settings, for the announcement). */
  showReviewerNames: boolean;
}

export interface IngestOptions {
  /** Publish the dashboard event for this one review (default); a sync announces once at its end. */
  announce?: boolean;
}

/**
 * Every review, whatever its source, comes in here: stored once (a repeated delivery changes
 * nothing), matched when it is new, then announced to the wallboards. Storing and matching are one
 * transaction, so a crash never leaves a stored review unmatched. Null when an admin deleted this
 * review before.
 */
export async function ingestReview(store: Store, workspace: Workspace, review: IncomingReview, options: IngestOptions = {}): Promise<Ingested | null> {
  return (await ingestReviewRecorded(store, workspace, review, async () => undefined, options)).ingested;
}

/**
 * ingestReview, with `record` written in the review's own transaction: what the caller keeps beside
 * the review (the CRM's delivery log) is committed with it or not at all.
 */
export async function ingestReviewRecorded<T>(
  store: Store,
  workspace: Workspace,
  review: IncomingReview,
  record: (tx: Db, ingested: Ingested | null) => Promise<T>,
  options: IngestOptions = {},
): Promise<{ ingested: Ingested | null; recorded: T }> {
  const prepared = await matchBeforeStoring(store.database, workspace, review);
  const done = await store.database.db.transaction(async (tx) => {
    const ingested = await storeReview(tx, store.jobs, workspace, review, prepared);
    return { ingested, recorded: await record(tx, ingested) };
  });
  if (done.ingested && options.announce !== false) await announceIngested(store.database, workspace.id, done.ingested, review);
  return done;
}

/** The matcher's verdict on a review, and the candidate requests it was reached from. */
export interface PreparedMatch {
  result: MatchResult;
  candidates: CandidateRequest[];
}

/**
 * The match of a new review, worked out before the transaction that stores it where transactions run
 * side by side (PostgreSQL), so that the workspace lock is held for the write only. Null where every
 * transaction runs alone (the embedded database): there the match is worked out inside it, with no
 * lock to take and nothing another review could have changed meanwhile.
 */
async function matchBeforeStoring(database: Database, workspace: Workspace, review: IncomingReview): Promise<PreparedMatch | null> {
  return transactionsRunAlone(database) ? null : prepareMatch(database.db, workspace, review);
}

/**
 * The match of a new review: only the requests its name's keys (or a recent click) point to are
 * read, not every open request. (A review delivered again is matched too, for nothing, as its
 * stored row keeps its own match: rarer than asking first whether it is stored, every time.)
 */
export async function prepareMatch(db: Db, workspace: Workspace, review: IncomingReview): Promise<PreparedMatch> {
  const candidates = await candidateRequests(db, workspace.id, review);
  return { result: matchWithinPlan(matchReview(review, new RequestIndex(candidates)), workspace.plan), candidates };
}

/**
 * Stores, links and matches one review, and raises review.created (and review.matched when the
 * matcher placed it). Runs inside the caller's transaction, so that whatever the caller records
 * beside the review (a CRM delivery) is committed with it or not at all. `prepared` is
 * matchBeforeStoring's verdict: given, the workspace lock is taken and the verdict used when none of
 * its candidates was taken meanwhile; null (a transaction that runs alone), the match is worked out
 * here. The match is written with the new row; a review already stored keeps its own.
 *
 * Statements that do not wait on each other's answers are sent together (on PostgreSQL, one write
 * and one round trip): the lock and the read of the workspace (reviewContext); then, under the
 * lock, the review's row, the candidates' re-check and the other delivery's look-up; then the events'
 * jobs. (Statements sent together run in an order that is not promised here: the re-check is sent
 * only once the lock is held, and does not count the review being stored.) Null, storing nothing,
 * when an admin deleted this review before or the workspace is gone.
 */
export async function storeReview(
  tx: Db,
  jobs: JobQueue,
  workspace: Workspace,
  review: IncomingReview,
  prepared: PreparedMatch | null,
): Promise<Ingested | null> {
  const [, context] = await Promise.all([prepared && lockWorkspaceReviews(tx, workspace.id), reviewContext(tx, workspace, review)]);
  if (!context || context.deleted) return null;
  const proposed = prepared ?? (await prepareMatch(tx, workspace, review));
  const [stored, candidatesOpen, sameReview] = await Promise.all([
    upsertReview(tx, workspace.id, review, matchColumns(proposed)),
    // Another review may have taken a candidate since prepareMatch: then the match is worked out again.
    !prepared ||
      stillOpen(
        tx,
        workspace.id,
        prepared.candidates.map((c) => c.id),
        review,
      ),
    otherDelivery(tx, workspace, review),
  ]);
  const linkedTo = stored.created && sameReview ? await linkSameReview(tx, stored.id, review, sameReview) : null;
  // A second delivery of one review (linked) is not a new review.
  const isNew = stored.created && linkedTo === null;
  let matched: PreparedMatch | null = null;
  if (isNew) {
    matched = proposed;
    if (!candidatesOpen) {
      // Worked out again without the request this row was stored with, which it would otherwise hold itself.
      await tx.update(reviews).set(NO_MATCH).where(eq(reviews.id, stored.id));
      matched = await prepareMatch(tx, workspace, review);
      await tx.update(reviews).set(matchColumns(matched)).where(eq(reviews.id, stored.id));
    }
  }
  const writes: Promise<unknown>[] = [];
  if (matched) {
    const { result } = matched;
    const teamId = result.status === 'auto_matched' ? matchedTeam(matched) : null;
    // Stored already matched: review.matched's milestones check covers this review (one check, one job).
    const coveredBy = teamId === null ? [] : (['milestones'] as const);
    writes.push(
      raiseEvent(
        jobs,
        { type: 'review.created', workspaceId: workspace.id, data: { reviewId: stored.id } },
        { tx, consumers: context.created, coveredBy: [...coveredBy] },
      ),
    );
    if (result.status === 'auto_matched' && teamId !== null) {
      const data = { reviewId: stored.id, requestId: result.requestId, teamId, how: 'auto' } as const;
      writes.push(raiseEvent(jobs, { type: 'review.matched', workspaceId: workspace.id, data }, { tx, consumers: context.matched }));
    }
  }
  await Promise.all(writes);
  const values = new Map<string, string>(Object.entries(context.settings ?? {}));
  const { start } = challengeSettingsOf(values, workspace);
  const counted = isNew && review.createTime.getTime() >= start.getTime();
  const showReviewerNames = values.get('show_reviewer_names') !== 'false';
  return { id: stored.id, created: stored.created, changed: stored.changed, counted, match: matched?.result ?? null, linkedTo, showReviewerNames };
}

/**
 * The wallboards' event for one stored review. The review is committed by then: a failure to announce
 * it is logged, never turned into a failed answer (the screens catch up on their next event or poll).
 */
async function announceIngested(database: Database, workspaceId: number, ingested: Ingested, review: IncomingReview): Promise<void> {
  try {
    const reviewerName = announcedName(ingested, review);
    const [wallboardId = null] = ingested.created || ingested.counted ? await wallboardsCounting(database.db, workspaceId, [ingested.id]) : [];
    await announceReviews(database, workspaceId, {
      celebrate: ingested.counted,
      changed: true,
      wallboards: [wallboardId],
      review: ingested.created ? { reviewerName, rating: review.rating, wallboardId } : undefined,
    });
  } catch (error) {
    logError(`Could not announce review ${ingested.id}`, error);
  }
}

/**
 * The reviewer's name as the screens are sent it, in the setting's form (first name and initial, as
 * every screen names a reviewer): a name they would not show is not sent (kiosk screens often face customers).
 */
export function announcedName(ingested: Ingested, review: IncomingReview): string | null {
  return ingested.showReviewerNames && review.rating > NEUTRAL_AT_OR_BELOW ? firstNameAndInitial(review.reviewerName) : null;
}

/**
 * The wallboards (null: the workspace's own) on which the reviews count: a review counted for a team
 * is its team's wallboard's; any other counts for "Unknown", on the workspace's own (as teamScores
 * counts them).
 */
export async function wallboardsCounting(db: Db, workspaceId: number, reviewIds: number[]): Promise<(number | null)[]> {
  if (reviewIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ wallboardId: sql<number | null>`CASE WHEN ${inArray(reviews.matchStatus, [...COUNTED_FOR_TEAM])} THEN ${teams.wallboardId} END` })
    .from(reviews)
    .leftJoin(teams, eq(teams.id, reviews.teamId))
    .where(and(eq(reviews.workspaceId, workspaceId), inArray(reviews.id, reviewIds)));
  return rows.map((row) => row.wallboardId);
}

/**
 * One event for one or many stored reviews: `reviewAdded` (celebrating, on the wallboards the new
 * reviews count on, when a new counted review came) when a review was added, `data_update` when
 * something else changed, nothing otherwise.
 */
export async function announceReviews(
  database: Database,
  workspaceId: number,
  what: {
    celebrate: boolean;
    changed: boolean;
    wallboards: (number | null)[];
    review?: { reviewerName: string | null; rating: number; wallboardId: number | null } | undefined;
  },
): Promise<void> {
  if (what.review || what.celebrate) {
    await publishLiveEvent(database, {
      workspaceId,
      event: 'reviewAdded',
      celebration: what.celebrate,
      wallboards: what.wallboards,
      ...(what.review ? { review: what.review } : {}),
    });
  } else if (what.changed) {
    await publishLiveEvent(database, { workspaceId, event: 'data_update' });
  }
}

const CONTEXT_SETTING_KEYS = [...CHALLENGE_SETTING_KEYS, 'show_reviewer_names'];

/**
 * What storing a review reads of its workspace, in one statement: whether an admin deleted this
 * review before, the settings that say whether it counts and whose name its announcement shows, and
 * which consumers its events have work for. Undefined when the workspace is gone.
 */
async function reviewContext(tx: Db, workspace: Workspace, review: IncomingReview) {
  const [context] = await tx
    .select({
      deleted: sql<boolean>`EXISTS (SELECT 1 FROM ${deletedReviews} WHERE ${deletedReviews.workspaceId} = ${workspace.id}
        AND ${deletedReviews.source} = ${review.source} AND ${deletedReviews.externalId} = ${review.externalId})`,
      settings: sql<Record<string, string> | null>`(SELECT json_object_agg(${settings.key}, ${settings.value}) FROM ${settings}
        WHERE ${settings.workspaceId} = ${workspace.id} AND ${inArray(settings.key, CONTEXT_SETTING_KEYS)})`.mapWith(
        (value: unknown): Record<string, string> | null => (typeof value === 'string' ? JSON.parse(value) : (value as Record<string, string> | null)),
      ),
      created: consumerColumns(workspace.id, 'review.created'),
      matched: consumerColumns(workspace.id, 'review.matched'),
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspace.id));
  return context;
}

/** The team an automatic match counts for: the chosen request's. */
function matchedTeam({ result, candidates }: PreparedMatch): number | null {
  return result.status === 'auto_matched' ? (candidates.find((r) => r.id === result.requestId)?.teamId ?? null) : null;
}

/** The matcher's verdict, as the columns of the review's row. */
function matchColumns(match: PreparedMatch) {
  const { result } = match;
  return {
    matchStatus: result.status,
    matchConfidence: result.confidence,
    matchEvidence: result.evidence ?? null,
    requestId: result.status === 'unmatched' ? null : result.requestId,
    teamId: matchedTeam(match),
    confirmedAt: result.status === 'auto_matched' ? new Date() : null,
  };
}

/** No match: what a review linked under another delivery of it carries. */
const NO_MATCH = { matchStatus: 'unmatched', matchConfidence: null, matchEvidence: null, requestId: null, teamId: null, confirmedAt: null } as const;

const comparableName = (name: string) =>
  fold(name)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** A CRM review that names no platform, or Google, may be a copy of a Google review. */
const mayBeFromGoogle = (platform: string | null | undefined) => !platform || /google/i.test(platform);

/** Reviewer names compared for "the same review": case, accents, punctuation and spacing aside. */
function sameName(a: string | null, b: string | null): boolean {
  if (!a || !b) return false;
  const name = comparableName(a);
  return name !== '' && name === comparableName(b);
}

type OtherDelivery = Pick<typeof reviews.$inferSelect, 'id' | 'matchStatus' | 'matchConfidence' | 'matchEvidence' | 'requestId' | 'teamId' | 'confirmedAt'>;

/**
 * DESIGN.md: a CRM delivery that forwards a Google review and the Google sync of that review are one
 * review. The other delivery of this one, if it is stored: same reviewer name and rating, created
 * within 48 h, and not linked to another copy already.
 */
async function otherDelivery(tx: Db, workspace: Workspace, review: IncomingReview): Promise<OtherDelivery | null> {
  if ((review.source !== 'google' && review.source !== 'crm') || !review.reviewerName) return null;
  if (review.source === 'crm' && !mayBeFromGoogle(review.platform)) return null;
  const otherSource = review.source === 'google' ? 'crm' : 'google';
  const from = new Date(review.createTime.getTime() - SAME_REVIEW_WINDOW_MS);
  const to = new Date(review.createTime.getTime() + SAME_REVIEW_WINDOW_MS);
  const candidates = await tx
    .select({
      id: reviews.id,
      reviewerName: reviews.reviewerName,
      createTime: reviews.createTime,
      matchStatus: reviews.matchStatus,
      matchConfidence: reviews.matchConfidence,
      matchEvidence: reviews.matchEvidence,
      requestId: reviews.requestId,
      teamId: reviews.teamId,
      confirmedAt: reviews.confirmedAt,
      platform: reviews.platform,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.workspaceId, workspace.id),
        eq(reviews.source, otherSource),
        eq(reviews.rating, review.rating),
        gte(reviews.createTime, from),
        lte(reviews.createTime, to),
        LIVE_REVIEW,
        // A Google row that some CRM row already names is taken.
        otherSource === 'google' ? sql`NOT EXISTS (SELECT 1 FROM reviews AS crm WHERE crm.same_as = ${reviews.id})` : undefined,
      ),
    );
  return (
    candidates
      .filter((c) => sameName(c.reviewerName, review.reviewerName) && mayBeFromGoogle(c.platform))
      .sort((a, b) => Math.abs(a.createTime.getTime() - review.createTime.getTime()) - Math.abs(b.createTime.getTime() - review.createTime.getTime()))[0] ??
    null
  );
}

/**
 * Links a new review to the other delivery of it: the CRM row is marked `same_as` the Google row and
 * stops counting; when it came first, its match (automatic or by hand) moves to the Google row, so a
 * decision is never lost. Returns the id of the other row (the new review then needs no matching and
 * no celebration).
 */
async function linkSameReview(tx: Db, reviewId: number, review: IncomingReview, other: OtherDelivery): Promise<number> {
  if (review.source === 'crm') {
    await tx
      .update(reviews)
      .set({ ...NO_MATCH, sameAs: other.id })
      .where(eq(reviews.id, reviewId));
  } else {
    // The CRM copy came first and may carry a match: the Google row takes it over.
    await tx
      .update(reviews)
      .set({ ...NO_MATCH, sameAs: reviewId })
      .where(eq(reviews.id, other.id));
    await tx
      .update(reviews)
      .set({
        matchStatus: other.matchStatus,
        matchConfidence: other.matchConfidence,
        matchEvidence: other.matchEvidence,
        requestId: other.requestId,
        teamId: other.teamId,
        confirmedAt: other.confirmedAt,
      })
      .where(eq(reviews.id, reviewId));
  }
  return other.id;
}
