import { and, asc, desc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '#platform/db/database.ts';
import { announcedIfDone } from '#platform/live/publish.ts';
import { reviewRequests, reviews, teams } from '#platform/db/schema.ts';
import { smsOfRequests } from '#domain/sms/outbox.ts';
import type { SmsStatus, StoredRequestChannel } from '#shared/statuses.ts';
import { getTeamInWorkspace } from '#domain/game/teams.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import type { RequestMatchStatus } from '#shared/request-status.ts';
import { FIRST_PAGE, type Page } from '#shared/paging.ts';
import { matchKeyColumns } from '#domain/reviews/match-keys.ts';
import type { Refusal } from '#contracts/refusal.ts';
import { TEAM_NOT_FOUND } from '#domain/game/teams.ts';

// Review requests as the report, the campaigns list and the admin card show them (SPEC.md section 3).
// A request's match comes from the review linked to it (reviews.request_id): its status, confidence,
// reviewer and rating. Every query is scoped by the workspace's id.

/** SPEC.md section 3 "Review request (report row)". */
export interface ReportRow {
  id: number;
  customerName: string;
  staffFirstName: string;
  /** ISO 8601, UTC. */
  requestedAt: string;
  matchStatus: RequestMatchStatus;
  /** Integer percent, or null when unknown (and always for "none"). */
  matchConfidence: number | null;
  /** Present when a review is linked and has a reviewer name. */
  reviewerName?: string;
  /** 1-5, present when a review is linked. */
  rating?: number;
  team: { id: number; name: string; color: string } | null;
  /** How the request reached the customer (issue 29). */
  channel: StoredRequestChannel;
  /** Where its text stands; null when none was sent. */
  smsStatus: SmsStatus | null;
}

/** SPEC.md section 3 "Review request (admin list item)"; campaignId and inviteId both name the request. */
export interface AdminRequestItem {
  campaignId: number;
  inviteId: number;
  firstName: string;
  lastName: string;
  customerName: string;
  customerEmail: string;
  staffFirstName: string;
  teamId: number | null;
  teamName: string | null;
  /** ISO 8601, UTC. */
  createdAt: string;
  matchStatus: RequestMatchStatus;
  matchConfidence: number | null;
  matchedReviewId: number | null;
  rating: number | null;
  /** The linked review's reviewer (null when none or anonymous): the admin table's "Reviewer / Rating". */
  reviewerName: string | null;
  /** How the request reached the customer (issue 29). */
  channel: StoredRequestChannel;
  /** The number it was texted to, E.164; null when it was not texted. */
  phone: string | null;
  /** Where its text stands; null when none was sent. */
  smsStatus: SmsStatus | null;
}

interface LinkedReview {
  requestId: number;
  id: number;
  status: RequestMatchStatus;
  confidence: number | null;
  reviewerName: string | null;
  rating: number;
}

interface RequestRecord {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  staffFirstName: string;
  createdAt: Date;
  team: { id: number; name: string; color: string } | null;
  review: LinkedReview | null;
  channel: StoredRequestChannel;
  phone: string | null;
  smsStatus: SmsStatus | null;
}

const customerName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

/**
 * The review linked to each request (at most one per request: the matcher and the admin keep it so;
 * should two point at one request, an accepted match wins over a suggestion, then the more confident).
 * An "unmatched" review that still names a request is no link.
 */
async function linkedReviews(db: Db, workspaceId: number, requestIds: number[]): Promise<Map<number, LinkedReview>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([reviews.requestId], {
      requestId: reviews.requestId,
      id: reviews.id,
      status: reviews.matchStatus,
      confidence: reviews.matchConfidence,
      reviewerName: reviews.reviewerName,
      rating: reviews.rating,
    })
    .from(reviews)
    .where(
      and(eq(reviews.workspaceId, workspaceId), isNotNull(reviews.requestId), ne(reviews.matchStatus, 'unmatched'), inArray(reviews.requestId, requestIds)),
    )
    .orderBy(
      reviews.requestId,
      sql`CASE ${reviews.matchStatus} WHEN 'manual' THEN 0 WHEN 'self_confirmed' THEN 1 WHEN 'auto_matched' THEN 2 ELSE 3 END`,
      sql`${reviews.matchConfidence} DESC NULLS LAST`,
      asc(reviews.id),
    );
  return new Map(rows.map((r) => [r.requestId!, { ...r, requestId: r.requestId!, status: r.status as RequestMatchStatus }]));
}

async function loadRequests(db: Db, workspaceId: number, only: { id: number } | Page): Promise<RequestRecord[]> {
  const onlyId = 'id' in only ? only.id : undefined;
  const query = db
    .select({
      id: reviewRequests.id,
      firstName: reviewRequests.customerFirstName,
      lastName: reviewRequests.customerLastName,
      email: reviewRequests.customerEmail,
      staffFirstName: reviewRequests.staffFirstName,
      createdAt: reviewRequests.createdAt,
      teamId: teams.id,
      teamName: teams.name,
      teamColor: teams.color,
      channel: reviewRequests.channel,
      phone: reviewRequests.customerPhone,
    })
    .from(reviewRequests)
    .leftJoin(teams, and(eq(teams.id, reviewRequests.teamId), eq(teams.workspaceId, workspaceId)))
    .where(and(eq(reviewRequests.workspaceId, workspaceId), onlyId === undefined ? undefined : eq(reviewRequests.id, onlyId)))
    .orderBy(desc(reviewRequests.createdAt), desc(reviewRequests.id));
  const rows = 'id' in only ? await query : await query.limit(only.limit).offset(only.offset);
  const ids = rows.map((r) => r.id);
  const [links, texts] = await Promise.all([linkedReviews(db, workspaceId, ids), smsOfRequests(db, workspaceId, ids)]);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    staffFirstName: r.staffFirstName,
    createdAt: r.createdAt,
    team: r.teamId === null ? null : { id: r.teamId, name: r.teamName!, color: r.teamColor! },
    review: links.get(r.id) ?? null,
    channel: r.channel,
    phone: r.phone,
    smsStatus: texts.get(r.id)?.status ?? null,
  }));
}

function toReportRow(r: RequestRecord): ReportRow {
  const row: ReportRow = {
    id: r.id,
    customerName: customerName(r),
    staffFirstName: r.staffFirstName,
    requestedAt: r.createdAt.toISOString(),
    matchStatus: r.review?.status ?? 'none',
    matchConfidence: r.review?.confidence ?? null,
    team: r.team,
    channel: r.channel,
    smsStatus: r.smsStatus,
  };
  if (r.review?.reviewerName) row.reviewerName = r.review.reviewerName;
  if (r.review) row.rating = r.review.rating;
  return row;
}

function toAdminItem(r: RequestRecord): AdminRequestItem {
  return {
    campaignId: r.id,
    inviteId: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    customerName: customerName(r),
    customerEmail: r.email,
    staffFirstName: r.staffFirstName,
    teamId: r.team?.id ?? null,
    teamName: r.team?.name ?? null,
    createdAt: r.createdAt.toISOString(),
    matchStatus: r.review?.status ?? 'none',
    matchConfidence: r.review?.confidence ?? null,
    matchedReviewId: r.review?.id ?? null,
    rating: r.review?.rating ?? null,
    reviewerName: r.review?.reviewerName ?? null,
    channel: r.channel,
    phone: r.phone,
    smsStatus: r.smsStatus,
  };
}

/** The report's rows (GET /api/requests-report), newest first. */
export async function listReportRows(db: Db, workspace: Pick<Workspace, 'id'>, page: Page = FIRST_PAGE): Promise<ReportRow[]> {
  return (await loadRequests(db, workspace.id, page)).map(toReportRow);
}

/** The admin list (GET /api/admin/review-requests, GET /api/campaigns), newest first. */
export async function listAdminRequests(db: Db, workspace: Pick<Workspace, 'id'>, page: Page = FIRST_PAGE): Promise<AdminRequestItem[]> {
  return (await loadRequests(db, workspace.id, page)).map(toAdminItem);
}

/** One request of the workspace as an admin list item; null for any other id. */
export async function getAdminRequest(db: Db, workspace: Pick<Workspace, 'id'>, requestId: number): Promise<AdminRequestItem | null> {
  if (!isRowId(requestId)) return null;
  const [record] = await loadRequests(db, workspace.id, { id: requestId });
  return record ? toAdminItem(record) : null;
}

const isRowId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

export interface RequestChanges {
  firstName: string;
  lastName: string;
  email: string;
  staffFirstName: string;
  teamId: number;
}

export type RequestUpdate = { ok: true; request: AdminRequestItem } | { ok: false; problem: 'not_found' | 'team_not_found' };

export const REQUEST_NOT_FOUND = 'Review request not found';

/** How the API answers a request's edit refused. */
export function requestUpdateRefusal(problem: 'not_found' | 'team_not_found'): Refusal {
  return problem === 'not_found' ? { status: 404, message: REQUEST_NOT_FOUND } : { status: 400, message: TEAM_NOT_FOUND, field: 'teamId' };
}

/**
 * Edits a request of the workspace (the "Edit Review Request" dialog). The team must be one of the
 * workspace's. A review matched to the request stays matched; its team follows the request's when the
 * review counted for the old team, so the wallboard moves with the edit.
 */
async function changeRequest(db: Db, workspace: Pick<Workspace, 'id'>, requestId: number, changes: RequestChanges): Promise<RequestUpdate> {
  if (!isRowId(requestId)) return { ok: false, problem: 'not_found' };
  const team = await getTeamInWorkspace(db, workspace.id, changes.teamId);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: reviewRequests.id, teamId: reviewRequests.teamId, phone: reviewRequests.customerPhone })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.workspaceId, workspace.id), eq(reviewRequests.id, requestId)))
      .for('update');
    if (!row) return 'not_found' as const;
    if (!team) return 'team_not_found' as const;
    await tx
      .update(reviewRequests)
      .set({
        customerFirstName: changes.firstName,
        customerLastName: changes.lastName,
        customerEmail: changes.email,
        // The phone the request was texted to stays one of its keys.
        ...matchKeyColumns({ ...changes, phone: row.phone }),
        staffFirstName: changes.staffFirstName,
        teamId: team.id,
      })
      .where(and(eq(reviewRequests.workspaceId, workspace.id), eq(reviewRequests.id, requestId)));
    if (row.teamId !== team.id) {
      // Reviews matched to this request count for the request's team (decision 011): move them along.
      await tx
        .update(reviews)
        .set({ teamId: team.id })
        .where(
          and(
            eq(reviews.workspaceId, workspace.id),
            eq(reviews.requestId, requestId),
            inArray(reviews.matchStatus, ['auto_matched', 'self_confirmed', 'manual']),
          ),
        );
    }
    return 'ok' as const;
  });
  if (updated !== 'ok') return { ok: false, problem: updated };
  const request = await getAdminRequest(db, workspace, requestId);
  return request ? { ok: true, request } : { ok: false, problem: 'not_found' };
}

/**
 * Deletes a request of the workspace and all its data (its outbox messages and private feedback go
 * with it, by the database's cascade). A review matched to it is kept but unmatched, so it shows under
 * Unknown again.
 */
async function removeRequest(
  db: Db,
  workspace: Pick<Workspace, 'id'>,
  requestId: number,
): Promise<{ ok: true; unmatchedReviews: number } | { ok: false; problem: 'not_found' }> {
  if (!isRowId(requestId)) return { ok: false, problem: 'not_found' };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: reviewRequests.id })
      .from(reviewRequests)
      .where(and(eq(reviewRequests.workspaceId, workspace.id), eq(reviewRequests.id, requestId)))
      .for('update');
    if (!row) return { ok: false as const, problem: 'not_found' as const };
    const unmatched = await tx
      .update(reviews)
      .set({ requestId: null, matchStatus: 'unmatched', matchConfidence: null, teamId: null })
      .where(and(eq(reviews.workspaceId, workspace.id), eq(reviews.requestId, requestId)))
      .returning({ id: reviews.id });
    await tx.delete(reviewRequests).where(and(eq(reviewRequests.workspaceId, workspace.id), eq(reviewRequests.id, requestId)));
    return { ok: true as const, unmatchedReviews: unmatched.length };
  });
}

/** Changes a request (see changeRequest) and announces it to every screen. */
export async function updateRequest(database: Database, workspace: Pick<Workspace, 'id'>, requestId: number, changes: RequestChanges): Promise<RequestUpdate> {
  return announcedIfDone(database, workspace.id, await changeRequest(database.db, workspace, requestId, changes));
}

/** Deletes a request (see removeRequest) and announces it to every screen. */
export async function deleteRequest(database: Database, workspace: Pick<Workspace, 'id'>, requestId: number): ReturnType<typeof removeRequest> {
  return announcedIfDone(database, workspace.id, await removeRequest(database.db, workspace, requestId));
}
