import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { TOKEN_PATTERN } from '#platform/tokens.ts';
import type { Db } from '#platform/db/database.ts';
import { privateFeedback, reviewRequests, workspaces } from '#platform/db/schema.ts';
import { findLogoVersion, logoUrl } from '#domain/workspace/logo.ts';
import { readSettings } from '#domain/workspace/settings.ts';
import { httpUrlOrNull } from '#shared/http-url.ts';
import type { Refusal } from '#contracts/refusal.ts';

// The tracked review link /r/{token} (public): it records the customer's first open and offers the customer
// the business's public Google review link and, beside it and equal to it, a private feedback form.
// Nothing here depends on a rating or on what the customer says (no review gating, decision 013).

/** How many private messages one review link accepts (a link is one customer's). */
export const FEEDBACK_PER_REQUEST_MAX = 5;

interface LinkedRequest {
  requestId: number;
  workspaceId: number;
  slug: string;
  businessName: string;
  clickedAt: Date | null;
}

async function findRequestByToken(db: Db, token: string): Promise<LinkedRequest | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      requestId: reviewRequests.id,
      workspaceId: reviewRequests.workspaceId,
      slug: workspaces.slug,
      businessName: workspaces.businessName,
      clickedAt: reviewRequests.clickedAt,
    })
    .from(reviewRequests)
    .innerJoin(workspaces, eq(workspaces.id, reviewRequests.workspaceId))
    .where(eq(reviewRequests.token, token));
  return row ?? null;
}

/** What the review link page shows. */
export interface ReviewLinkPage {
  businessName: string;
  logoUrl: string | null;
  /** The workspace's google_review_link setting, or null when it is not set (the page says so politely). */
  googleReviewLink: string | null;
}

/** What a review link shows: null for an unknown token. Showing it records nothing (see recordOpen). */
export async function openReviewLink(db: Db, token: string): Promise<ReviewLinkPage | null> {
  const linked = await findRequestByToken(db, token);
  return linked ? reviewPageOf(db, linked) : null;
}

/** What the review page shows of a business: its name, its logo and its Google review link. */
export async function reviewPageOf(db: Db, business: { workspaceId: number; slug: string; businessName: string }): Promise<ReviewLinkPage> {
  const [settingValues, logoVersion] = await Promise.all([
    readSettings(db, business.workspaceId, ['google_review_link']),
    findLogoVersion(db, business.workspaceId),
  ]);
  return {
    businessName: business.businessName,
    logoUrl: logoVersion ? logoUrl(business.slug, logoVersion) : null,
    googleReviewLink: httpUrlOrNull(settingValues.get('google_review_link')),
  };
}

/**
 * The customer opened their link: called by the page itself once it runs in a browser, or when they
 * send feedback, never by a plain GET (mail scanners fetch every link in an email). The first open is
 * kept. The open moves no figure on the wallboard, so nothing is published. False for an unknown token.
 */
export async function recordOpen(db: Db, token: string): Promise<boolean> {
  const linked = await findRequestByToken(db, token);
  if (!linked) return false;
  await markOpened(db, linked);
  return true;
}

async function markOpened(db: Db, linked: LinkedRequest): Promise<void> {
  if (linked.clickedAt !== null) return;
  await db
    .update(reviewRequests)
    .set({ clickedAt: new Date() })
    .where(and(eq(reviewRequests.id, linked.requestId), isNull(reviewRequests.clickedAt)));
}

export type FeedbackResult = { ok: true; businessName: string } | { ok: false; problem: 'not_found' | 'too_many' };

export const FEEDBACK_PROBLEM_MESSAGES = {
  not_found: 'This review link is not valid',
  too_many: 'Thank you, we have already received your feedback from this link.',
} as const;

/** How the API answers private feedback refused. */
export function feedbackRefusal(problem: keyof typeof FEEDBACK_PROBLEM_MESSAGES): Refusal {
  return { status: problem === 'not_found' ? 404 : 429, message: FEEDBACK_PROBLEM_MESSAGES[problem] };
}

/** Stores the customer's private feedback for the business's admin. */
export async function submitPrivateFeedback(db: Db, token: string, message: string): Promise<FeedbackResult> {
  const linked = await findRequestByToken(db, token);
  if (!linked) return { ok: false, problem: 'not_found' };
  const [sent] = await db.select({ n: count() }).from(privateFeedback).where(eq(privateFeedback.requestId, linked.requestId));
  if ((sent?.n ?? 0) >= FEEDBACK_PER_REQUEST_MAX) return { ok: false, problem: 'too_many' };
  await markOpened(db, linked);
  await db.insert(privateFeedback).values({ workspaceId: linked.workspaceId, requestId: linked.requestId, message });
  return { ok: true, businessName: linked.businessName };
}

/** Private feedback as GET /api/admin/feedback shows it. */
export interface FeedbackEntry {
  id: number;
  requestId: number | null;
  customerName: string | null;
  message: string;
  createdAt: string;
}

export const FEEDBACK_LIST_LIMIT = 200;

export async function listPrivateFeedback(db: Db, workspaceId: number): Promise<FeedbackEntry[]> {
  const rows = await db
    .select({
      id: privateFeedback.id,
      requestId: privateFeedback.requestId,
      firstName: reviewRequests.customerFirstName,
      lastName: reviewRequests.customerLastName,
      message: privateFeedback.message,
      createdAt: privateFeedback.createdAt,
    })
    .from(privateFeedback)
    .leftJoin(reviewRequests, and(eq(reviewRequests.id, privateFeedback.requestId), eq(reviewRequests.workspaceId, workspaceId)))
    .where(eq(privateFeedback.workspaceId, workspaceId))
    .orderBy(desc(privateFeedback.createdAt), desc(privateFeedback.id))
    .limit(FEEDBACK_LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    requestId: r.requestId,
    customerName: r.firstName !== null ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}
