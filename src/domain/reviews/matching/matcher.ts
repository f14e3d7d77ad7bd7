import { nameScore, SUPPORTABLE_NAME_SCORE, type NameEvidence } from './name-score.ts';
import { nameGroups, relatedNames } from './nicknames.ts';
import { parseCustomer, parseReviewerName, soundsLike, type CustomerName, type ReviewerName } from './normalize.ts';

// Thresholds of issue 5: auto_matched from 70 %, needs_review from 40 % to 69 %, below that unmatched.
export const AUTO_MATCH_AT = 70;
export const NEEDS_REVIEW_AT = 40;
/** Two candidates closer than this are a coin toss: a person decides. */
export const AMBIGUITY_MARGIN = 12;
/** Clocks differ a little between Google, the CRM and us. */
const CLOCK_SKEW_MS = 2 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** An anonymous review right after one customer, and only one, opened their review link. */
const ANONYMOUS_CLICK_WINDOW_MS = 2 * 60 * 60 * 1000;

export interface OpenRequest {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  /** The customer's mobile number (E.164) when the request was sent by text. */
  phone?: string | null;
  createdAt: Date;
  clickedAt: Date | null;
}

export interface IncomingReviewForMatching {
  reviewerName: string | null;
  createTime: Date;
  /** The reviewer's phone number (E.164), where the review carries its customer's (a CRM contact's). */
  phone?: string | null;
}

export interface MatchEvidence {
  name: NameEvidence;
  daysAfterRequest: number;
  timeFactor: number;
  clicked: boolean;
  clickBonus: number;
  /** The review carries the request's phone number. */
  phone?: boolean;
  /** The runner-up's confidence, when there was one. */
  runnerUp?: { requestId: number; confidence: number };
}

export type MatchResult =
  | { status: 'auto_matched' | 'needs_review'; requestId: number; confidence: number; evidence: MatchEvidence }
  | { status: 'unmatched'; confidence: number; evidence?: MatchEvidence };

/** Confidence keeps its full weight for two weeks, then fades over months. */
export function timeFactor(days: number): number {
  if (days <= 14) return 1;
  if (days <= 56) return 1 - (0.15 * (days - 14)) / 42;
  if (days <= 180) return 0.85 - (0.15 * (days - 56)) / 124;
  return 0.6;
}

/** A click older than this says nothing about today's review: the customer opened the link and wrote nothing then. */
const STALE_CLICK_MS = 7 * DAY_MS;
/** A click this recent, or a review this soon after the request, is a sign of its own beside the name. */
const RECENT_CLICK_MS = 2 * DAY_MS;
const FRESH_REQUEST_MS = DAY_MS;

/**
 * A name that fits only nearly (NameEvidence.approximate) is matched by itself only when a second,
 * independent sign agrees (decision 069): the customer opened their review link in the two days before
 * the review, or the review came within a day of the request. Otherwise a person is asked.
 */
function backedBeyondTheName(request: OpenRequest, reviewTime: number): boolean {
  const sinceRequest = reviewTime - request.createdAt.getTime();
  if (sinceRequest <= FRESH_REQUEST_MS) return true;
  if (!request.clickedAt) return false;
  const sinceClick = reviewTime - request.clickedAt.getTime();
  return sinceClick >= -CLOCK_SKEW_MS && sinceClick <= RECENT_CLICK_MS;
}

/** A review soon after the customer opened the tracked link is a strong sign it came from it. */
function clickBonus(request: OpenRequest, reviewTime: number): number {
  if (!request.clickedAt) return 0;
  const sinceClick = reviewTime - request.clickedAt.getTime();
  if (sinceClick < -CLOCK_SKEW_MS) return 0;
  if (sinceClick <= 60 * 60 * 1000) return 0.15;
  if (sinceClick <= 2 * DAY_MS) return 0.12;
  return sinceClick <= STALE_CLICK_MS ? 0.05 : 0;
}

interface Indexed {
  request: OpenRequest;
  name: CustomerName;
}

/** The first four letters as they sound: near spellings (Kaitlyn for Caitlin) find each other. */
const prefix = (word: string) => soundsLike(word).slice(0, 4);

/**
 * Bump when the keys a name is filed under change (the code below, the nickname groups, the
 * romanisation): requests keep their keys in the database (review_requests.match_keys), and those of
 * an older version are worked out again before a review is matched (src/domain/reviews/match-keys.ts).
 */
export const MATCH_KEYS_VERSION = 3;

/** The key of a phone number (E.164): a request sent by text is found by the number it went to. */
const phoneKey = (phone: string) => `t:${phone}`;

/**
 * The keys that find a customer: name words, nickname groups, sound-alike prefixes, the email's local
 * part and the phone number.
 */
function keysOfName(name: CustomerName, phone?: string | null): string[] {
  const keys = new Set<string>();
  for (const word of [...name.first, ...name.last]) {
    if (word.length < 2) continue;
    keys.add(`w:${word}`);
    if (word.length >= 5) keys.add(`p:${prefix(word)}`);
  }
  // Given names are found through every spelling they can stand for (Muhammad through Mohammed).
  for (const word of name.first) for (const related of relatedNames(word) ?? []) keys.add(`g:${related}`);
  if (name.emailLocal) keys.add(`e:${name.emailLocal}`);
  if (name.emailLocal.length >= 4) keys.add(`p:${prefix(name.emailLocal)}`);
  if (phone) keys.add(phoneKey(phone));
  return [...keys];
}

/** The keys a request is filed under, as stored with it when it is logged. */
export function requestMatchKeys(request: Pick<OpenRequest, 'firstName' | 'lastName' | 'email' | 'phone'>): string[] {
  return keysOfName(parseCustomer(request.firstName, request.lastName, request.email), request.phone);
}

/** The keys under which the requests a reviewer's name may stand for are filed. */
function lookupKeys(reviewer: ReviewerName): string[] {
  const keys = new Set<string>();
  const { words: tokens, handle } = reviewer;
  // Prefixes find typos in names of five letters or more (shorter ones differ in their first four).
  for (const token of tokens) {
    if (token.length < 2) continue;
    keys.add(`w:${token}`);
    if (token.length >= 5) keys.add(`p:${prefix(token)}`);
    keys.add(`g:${token}`);
    for (const group of nameGroups(token)) keys.add(`g:${group}`);
  }
  if (handle) {
    keys.add(`e:${handle}`);
    if (handle.length >= 4) keys.add(`p:${prefix(handle)}`);
    // A handle holds names run together ("bobsmith", "kimsarah"): every split into two pieces of
    // three letters or more finds the customers those pieces name.
    for (let at = 3; at <= handle.length - 3; at++) {
      for (const piece of [handle.slice(0, at), handle.slice(at)]) {
        keys.add(`w:${piece}`);
        keys.add(`g:${piece}`);
      }
    }
  }
  return [...keys];
}

/**
 * Which open requests can matter to a review: those filed under one of `keys`, and those whose link
 * was opened between `clickedFrom` and `clickedTo` (for a review whose name says nothing). Matching
 * against only these gives the same verdict as matching against every open request.
 */
export function matchLookup(review: IncomingReviewForMatching): { keys: string[]; clickedFrom: Date; clickedTo: Date } {
  const reviewer = parseReviewerName(review.reviewerName);
  const at = review.createTime.getTime();
  const keys = reviewer ? lookupKeys(reviewer) : [];
  if (review.phone) keys.push(phoneKey(review.phone));
  return { keys, clickedFrom: new Date(at - ANONYMOUS_CLICK_WINDOW_MS), clickedTo: new Date(at + CLOCK_SKEW_MS) };
}

/** Open requests indexed by the name words, nickname groups, prefixes and email that can find them. */
export class RequestIndex {
  private readonly byKey = new Map<string, Indexed[]>();
  private readonly taken = new Set<number>();
  private readonly clicked: Indexed[] = [];

  constructor(requests: Iterable<OpenRequest>) {
    for (const request of requests) this.add(request);
  }

  add(request: OpenRequest): void {
    const name = parseCustomer(request.firstName, request.lastName, request.email);
    const entry = { request, name };
    if (request.clickedAt) this.clicked.push(entry);
    for (const key of keysOfName(name, request.phone)) {
      const list = this.byKey.get(key);
      if (list) list.push(entry);
      else this.byKey.set(key, [entry]);
    }
  }

  /** A request matched to a review takes no other review. */
  take(requestId: number): void {
    this.taken.add(requestId);
  }

  /** Open requests whose tracked link was opened between `from` and `to`. */
  clickedBetween(from: number, to: number): Indexed[] {
    return this.clicked.filter((e) => {
      const at = e.request.clickedAt!.getTime();
      return at >= from && at <= to && !this.taken.has(e.request.id);
    });
  }

  /** Open requests sent to this phone number. */
  withPhone(phone: string): Indexed[] {
    return (this.byKey.get(phoneKey(phone)) ?? []).filter((e) => !this.taken.has(e.request.id));
  }

  candidates(reviewer: ReviewerName): Indexed[] {
    const found = new Map<number, Indexed>();
    for (const key of lookupKeys(reviewer)) {
      for (const entry of this.byKey.get(key) ?? []) if (!this.taken.has(entry.request.id)) found.set(entry.request.id, entry);
    }
    return [...found.values()];
  }
}

const ANONYMOUS_CLICK_CONFIDENCE = 45;
/** The same for a name that fits no request (a business's or a partner's account): a little less sure. */
const UNKNOWN_NAME_CLICK_CONFIDENCE = NEEDS_REVIEW_AT;

/**
 * A review whose name says nothing (none, or one that fits no request) cannot be matched by name;
 * when exactly one customer opened their review link shortly before it, that request is suggested
 * for a person to confirm (never matched automatically).
 */
function matchByClickAlone(reviewTime: number, index: RequestIndex, confidence = ANONYMOUS_CLICK_CONFIDENCE): MatchResult | null {
  const clicked = index.clickedBetween(reviewTime - ANONYMOUS_CLICK_WINDOW_MS, reviewTime + CLOCK_SKEW_MS);
  if (clicked.length !== 1) return null;
  const { request } = clicked[0]!;
  const days = Math.max(0, (reviewTime - request.createdAt.getTime()) / DAY_MS);
  return {
    status: 'needs_review',
    requestId: request.id,
    confidence,
    evidence: {
      name: { score: 0, first: 'none', last: 'none', conflict: false },
      daysAfterRequest: Math.round(days * 10) / 10,
      timeFactor: 1,
      clicked: true,
      clickBonus: 0,
    },
  };
}

/** A review that carries the phone number a request was texted to is that customer's, whatever the name says. */
const PHONE_CONFIDENCE = 95;

/**
 * The request texted to the review's phone number: the latest one before the review (a customer asked
 * twice is one customer, and the latest request is the one they answer). The name adds to the
 * confidence when it fits; it cannot take the match away.
 */
function matchByPhone(review: IncomingReviewForMatching, reviewer: ReviewerName | null, reviewTime: number, index: RequestIndex): MatchResult | null {
  if (!review.phone) return null;
  const [latest] = index
    .withPhone(review.phone)
    .filter((e) => reviewTime - e.request.createdAt.getTime() >= -CLOCK_SKEW_MS)
    .sort((a, b) => b.request.createdAt.getTime() - a.request.createdAt.getTime() || b.request.id - a.request.id);
  if (!latest) return null;
  const name = reviewer ? nameScore(reviewer, latest.name) : { score: 0, first: 'none' as const, last: 'none' as const, conflict: false };
  const days = Math.max(0, (reviewTime - latest.request.createdAt.getTime()) / DAY_MS);
  return {
    status: 'auto_matched',
    requestId: latest.request.id,
    confidence: Math.max(PHONE_CONFIDENCE, Math.round(100 * Math.min(1, name.score))),
    evidence: { name, daysAfterRequest: Math.round(days * 10) / 10, timeFactor: 1, clicked: false, clickBonus: 0, phone: true },
  };
}

/** Finds the request a review most likely came from, with an honest confidence and its reasons. */
export function matchReview(review: IncomingReviewForMatching, index: RequestIndex): MatchResult {
  const reviewer = parseReviewerName(review.reviewerName);
  const reviewTime = review.createTime.getTime();
  const byPhone = matchByPhone(review, reviewer, reviewTime, index);
  if (byPhone) return byPhone;
  if (!reviewer) return matchByClickAlone(reviewTime, index) ?? { status: 'unmatched', confidence: 0 };

  const scored: { id: number; confidence: number; sinceRequest: number; backed: boolean; evidence: MatchEvidence }[] = [];
  for (const { request, name } of index.candidates(reviewer)) {
    const sinceRequest = reviewTime - request.createdAt.getTime();
    if (sinceRequest < -CLOCK_SKEW_MS) continue; // a review cannot come from a later request
    const evidence = nameScore(reviewer, name);
    if (evidence.score === 0) continue;
    const days = Math.max(0, sinceRequest / DAY_MS);
    const factor = timeFactor(days);
    const bonus = clickBonus(request, reviewTime);
    const supported = evidence.score >= SUPPORTABLE_NAME_SCORE ? bonus : 0;
    const confidence = Math.round(100 * Math.min(1, evidence.score * factor + supported));
    scored.push({
      id: request.id,
      confidence,
      sinceRequest,
      backed: !evidence.approximate || backedBeyondTheName(request, reviewTime),
      evidence: {
        name: evidence,
        daysAfterRequest: Math.round(days * 10) / 10,
        timeFactor: Math.round(factor * 100) / 100,
        clicked: supported > 0,
        clickBonus: supported,
      },
    });
  }
  // Equal confidence: the name in the order the request has it ("Wang Li" is first name Wang before
  // first name Li), then the most recent request, is the likelier one.
  const reversed = (e: { evidence: MatchEvidence }) => (e.evidence.name.reversed ? 1 : 0);
  scored.sort((a, b) => b.confidence - a.confidence || reversed(a) - reversed(b) || a.sinceRequest - b.sinceRequest || a.id - b.id);
  const [best, second] = scored;
  if (!best || best.confidence < NEEDS_REVIEW_AT) {
    return (
      matchByClickAlone(reviewTime, index, UNKNOWN_NAME_CLICK_CONFIDENCE) ?? {
        status: 'unmatched',
        confidence: best?.confidence ?? 0,
        evidence: best?.evidence,
      }
    );
  }
  if (second && second.confidence >= NEEDS_REVIEW_AT) best.evidence.runnerUp = { requestId: second.id, confidence: second.confidence };
  const ambiguous = second !== undefined && second.confidence >= NEEDS_REVIEW_AT && best.confidence - second.confidence < AMBIGUITY_MARGIN;
  if (best.confidence >= AUTO_MATCH_AT && !ambiguous && best.backed) {
    return { status: 'auto_matched', requestId: best.id, confidence: best.confidence, evidence: best.evidence };
  }
  return { status: 'needs_review', requestId: best.id, confidence: Math.min(best.confidence, AUTO_MATCH_AT - 1), evidence: best.evidence };
}

/**
 * Matches reviews in the order they were written; an auto-matched request is taken, so a request
 * is matched to at most one review. Suggestions (needs_review) take nothing.
 */
export function matchReviews<R extends IncomingReviewForMatching>(reviews: R[], requests: OpenRequest[]): Map<R, MatchResult> {
  const index = new RequestIndex(requests);
  const results = new Map<R, MatchResult>();
  for (const review of [...reviews].sort((a, b) => a.createTime.getTime() - b.createTime.getTime())) {
    const result = matchReview(review, index);
    if (result.status === 'auto_matched') index.take(result.requestId);
    results.set(review, result);
  }
  return results;
}
