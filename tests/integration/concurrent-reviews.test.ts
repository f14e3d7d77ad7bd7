import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#platform/db/database.ts';
import { reviews } from '#platform/db/schema.ts';
import { startJobQueue, type JobQueue } from '#platform/jobs/queue.ts';
import { ingestReview } from '#domain/reviews/ingest.ts';
import { keyedRequests, unitWorkspace } from '#testing/unit-data.ts';
import { databaseKind, testDatabase } from '../helpers/database.ts';

// A new review's match is worked out before the workspace lock and checked again under it on
// PostgreSQL, inside its transaction on the embedded database (src/domain/reviews/ingest.ts): reviews
// that arrive together each see the requests the others took.
describe(`reviews arriving together (${databaseKind})`, () => {
  let database: Database;
  let jobs: JobQueue;
  beforeAll(async () => {
    database = await testDatabase();
    jobs = await startJobQueue(database);
  });
  afterAll(async () => {
    await jobs.stop(1000);
    await database.close();
  });

  it('give a request to one of them only, and each of them is stored', async () => {
    const workspace = await unitWorkspace(database.db);
    const customer = { firstName: 'Priya', lastName: 'Raman', email: 'priya.raman@example.com' };
    const [request] = await keyedRequests(database.db, workspace, [customer], () => ({ createdAt: new Date(Date.now() - 60 * 60 * 1000) }));
    const arriving = Array.from({ length: 8 }, (_, i) => ({
      kind: 'google' as const,
      source: 'test' as const,
      externalId: `together-${i}`,
      reviewerName: 'Priya Raman',
      rating: 5,
      comment: null,
      createTime: new Date(),
    }));
    const ingested = await Promise.all(arriving.map((review) => ingestReview({ database, jobs }, workspace, review, { announce: false })));
    expect(ingested.filter((one) => one?.match?.status === 'auto_matched')).toHaveLength(1);
    const stored = await database.db
      .select({ requestId: reviews.requestId, status: reviews.matchStatus })
      .from(reviews)
      .where(eq(reviews.workspaceId, workspace.id));
    expect(stored).toHaveLength(8);
    expect(stored.filter((row) => row.requestId === request!)).toEqual([{ requestId: request!, status: 'auto_matched' }]);
  });
});
