import { emailOutbox, privateFeedback, reviewRequests, reviews } from '#platform/db/schema.ts';
import type { MatchStatus } from '#shared/statuses.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';
import type { TestApp } from './app.ts';

// Rows written straight into the database, for tests that need requests and reviews without going
// through the log form or the matcher.

export interface RequestSeed {
  teamId?: number | null;
  firstName?: string;
  lastName?: string;
  email?: string;
  staffFirstName?: string;
  /** The person's key (ann@acme.example unless given). */
  staffEmail?: string;
  createdAt?: Date | string;
  /** When the customer opened the review link. */
  clickedAt?: Date;
}

let sequence = 0;

export async function insertRequest(app: TestApp, workspaceId: number, seed: RequestSeed = {}): Promise<number> {
  sequence += 1;
  const [row] = await app.database.db
    .insert(reviewRequests)
    .values({
      workspaceId,
      staffId: await staffIdFor(app.database.db, workspaceId, seed.staffEmail ?? 'ann@acme.example', seed.staffFirstName ?? 'Ann'),
      teamId: seed.teamId ?? null,
      staffFirstName: seed.staffFirstName ?? 'Ann',
      staffEmail: seed.staffEmail ?? 'ann@acme.example',
      customerFirstName: seed.firstName ?? 'Sarah',
      customerLastName: seed.lastName ?? 'Kim',
      customerEmail: seed.email ?? `customer-${sequence}@example.com`,
      token: `seed-token-${process.pid}-${sequence}-${Math.random().toString(36).slice(2)}`,
      createdAt: seed.createdAt === undefined ? undefined : new Date(seed.createdAt),
      clickedAt: seed.clickedAt ?? null,
    })
    .returning({ id: reviewRequests.id });
  return row!.id;
}

export interface ReviewSeed {
  requestId?: number | null;
  teamId?: number | null;
  matchStatus?: MatchStatus;
  matchConfidence?: number | null;
  reviewerName?: string | null;
  rating?: number;
}

/** A review; link it to a request with requestId and a matchStatus. */
export async function insertReview(app: TestApp, workspaceId: number, seed: ReviewSeed = {}): Promise<number> {
  sequence += 1;
  const [row] = await app.database.db
    .insert(reviews)
    .values({
      workspaceId,
      kind: 'google',
      source: 'google',
      externalId: `seed-review-${process.pid}-${sequence}`,
      reviewerName: seed.reviewerName === undefined ? 'Sarah K.' : seed.reviewerName,
      rating: seed.rating ?? 5,
      comment: 'Great service',
      createTime: new Date(),
      requestId: seed.requestId ?? null,
      teamId: seed.teamId ?? null,
      matchStatus: seed.matchStatus ?? 'unmatched',
      matchConfidence: seed.matchConfidence ?? null,
    })
    .returning({ id: reviews.id });
  return row!.id;
}

/** An outbox message and a private feedback row for a request (what deleting it must take along). */
export async function insertRequestData(app: TestApp, workspaceId: number, requestId: number): Promise<void> {
  await app.database.db.insert(emailOutbox).values({
    workspaceId,
    requestId,
    toAddress: 'customer@example.com',
    fromName: 'Acme Accounting',
    subject: 'How did we do?',
    html: '<p>Hi</p>',
    text: 'Hi',
    status: 'not sent: no SMTP',
  });
  await app.database.db.insert(privateFeedback).values({ workspaceId, requestId, message: 'Could be quicker' });
}
