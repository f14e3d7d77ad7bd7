import { and, eq } from 'drizzle-orm';
import type { Db } from '#platform/db/database.ts';
import { reviewRequests, reviews, teams, wallboards } from '#platform/db/schema.ts';
import type { DomainEvent } from '#domain/events/domain-events.ts';

// What a webhook receiver gets: {type, version, timestamp, data} (the Standard Webhooks envelope and
// the version of its data's shape), the data read from the database when the delivery is made, kept
// with it so every attempt and resend sends the same body. Kept small and free of customers' contact
// details: no email address or phone number.

import { TEST_EVENT } from '#shared/event-names.ts';

/**
 * The shape of `data` a receiver can rely on. A change that removes or renames a field, or changes
 * what one means, raises it; a field added keeps it.
 */
export const WEBHOOK_PAYLOAD_VERSION = 1;

export interface WebhookPayload {
  type: string;
  version: typeof WEBHOOK_PAYLOAD_VERSION;
  timestamp: string;
  data: Record<string, unknown>;
}

type Named = { id: number; name: string } | null;

async function team(db: Db, workspaceId: number, teamId: number | null): Promise<Named> {
  if (teamId === null) return null;
  const [row] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.workspaceId, workspaceId), eq(teams.id, teamId)));
  return row ?? null;
}

/** The named wallboard a goal is of, as {id, name}; null for the workspace's own. */
async function wallboard(db: Db, workspaceId: number, wallboardId: number | null): Promise<Named> {
  if (wallboardId === null) return null;
  const [row] = await db
    .select({ id: wallboards.id, name: wallboards.name })
    .from(wallboards)
    .where(and(eq(wallboards.workspaceId, workspaceId), eq(wallboards.id, wallboardId)));
  return row ?? null;
}

async function reviewData(db: Db, workspaceId: number, reviewId: number) {
  const [review] = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      reviewerName: reviews.reviewerName,
      source: reviews.source,
      matchStatus: reviews.matchStatus,
      teamId: reviews.teamId,
      requestId: reviews.requestId,
      createdAt: reviews.createTime,
    })
    .from(reviews)
    .where(and(eq(reviews.workspaceId, workspaceId), eq(reviews.id, reviewId)));
  if (!review) return null;
  const { teamId, createdAt, ...rest } = review;
  return { ...rest, createdAt: createdAt.toISOString(), team: await team(db, workspaceId, teamId) };
}

/** The payload of an event for webhook receivers; null when what it names is gone (nothing is sent). */
export async function webhookPayload(db: Db, event: DomainEvent): Promise<WebhookPayload | null> {
  const envelope = (data: Record<string, unknown> | null): WebhookPayload | null =>
    data ? { type: event.type, version: WEBHOOK_PAYLOAD_VERSION, timestamp: event.occurredAt, data } : null;
  switch (event.type) {
    case 'review.created':
      return envelope(await reviewData(db, event.workspaceId, (event as DomainEvent<'review.created'>).data.reviewId));
    case 'review.matched': {
      const { reviewId, how } = (event as DomainEvent<'review.matched'>).data;
      const review = await reviewData(db, event.workspaceId, reviewId);
      return envelope(review ? { ...review, how } : null);
    }
    case 'request.logged': {
      const { requestId } = (event as DomainEvent<'request.logged'>).data;
      const [request] = await db
        .select({
          id: reviewRequests.id,
          teamId: reviewRequests.teamId,
          staffFirstName: reviewRequests.staffFirstName,
          customerFirstName: reviewRequests.customerFirstName,
          createdAt: reviewRequests.createdAt,
        })
        .from(reviewRequests)
        .where(and(eq(reviewRequests.workspaceId, event.workspaceId), eq(reviewRequests.id, requestId)));
      if (!request) return null;
      const { teamId, createdAt, ...rest } = request;
      return envelope({ ...rest, createdAt: createdAt.toISOString(), team: await team(db, event.workspaceId, teamId) });
    }
    case 'goal.reached': {
      const { teamId, wallboardId, goal, weekStartsAt } = (event as DomainEvent<'goal.reached'>).data;
      return envelope({
        team: await team(db, event.workspaceId, teamId),
        wallboard: await wallboard(db, event.workspaceId, wallboardId ?? null),
        goal,
        weekStartsAt,
      });
    }
    default:
      return null;
  }
}

/** The body of "Send test". */
export function testPayload(now = new Date()): WebhookPayload {
  return { type: TEST_EVENT, version: WEBHOOK_PAYLOAD_VERSION, timestamp: now.toISOString(), data: { message: 'A test event from Review Challenge' } };
}
