// How the admin "Google Reviews" table reads a review (SPEC.md section 4 "Match status on Google
// reviews", DESIGN.md statuses table). Pure, so the island and the tests say the same thing.

export type ReviewTone = 'matched' | 'confirmed' | 'review' | 'unmatched' | 'other';

export interface ReviewStatusLabel {
  label: string;
  tone: ReviewTone;
}

/**
 * auto_matched "Matched (NN%)"; self_confirmed "Confirmed"; manual "Matched" (set by a person, no
 * percent); needs_review "Needs Review"; unmatched "Unmatched"; anything else the raw value, or
 * "Unknown" when there is none.
 */
export function reviewStatusLabel(status: string | null | undefined, confidence: number | null | undefined): ReviewStatusLabel {
  switch (status) {
    case 'auto_matched':
      return { label: typeof confidence === 'number' ? `Matched (${confidence}%)` : 'Matched', tone: 'matched' };
    case 'self_confirmed':
      return { label: 'Confirmed', tone: 'confirmed' };
    case 'manual':
      return { label: 'Matched', tone: 'matched' };
    case 'needs_review':
      return { label: 'Needs Review', tone: 'review' };
    case 'unmatched':
      return { label: 'Unmatched', tone: 'unmatched' };
    default:
      return { label: status ? status : 'Unknown', tone: 'other' };
  }
}

/** Where a review came from, as the admin reads it. */
export function reviewSourceLabel(source: string): string {
  switch (source) {
    case 'google':
      return 'Google';
    case 'crm':
      return 'CRM';
    case 'test':
      return 'Test';
    default:
      return source;
  }
}

/** The parts of the matcher's stored evidence (src/domain/reviews/matching/matcher.ts MatchEvidence) the admin sees. */
export interface EvidenceView {
  name?: { score?: number; first?: string; last?: string; conflict?: boolean; handle?: string };
  daysAfterRequest?: number;
  timeFactor?: number;
  clicked?: boolean;
  clickBonus?: number;
  phone?: boolean;
  runnerUp?: { requestId?: number; confidence?: number };
}

const FIT_WORDS: Record<string, string> = {
  exact: 'exact',
  nickname: 'nickname',
  typo: 'near spelling',
  part: 'in part',
  initial: 'initial',
  none: 'no fit',
};

const HANDLE_WORDS: Record<string, string> = {
  email: 'Name is the customer’s email name',
  full: 'Name holds the customer’s full name',
  partial: 'Name holds an initial and the family name',
};

function days(value: number): string {
  if (value < 1) return 'Same day as the request';
  const rounded = Math.round(value);
  return `${rounded} ${rounded === 1 ? 'day' : 'days'} after the request`;
}

/**
 * The matcher's reasons in a few short lines ("First name: nickname · last name: exact", "3 days
 * after the request", "Review link clicked", "Runner-up at 52%"). Anything not evidence gives none.
 */
export function evidenceLines(evidence: unknown): string[] {
  if (!evidence || typeof evidence !== 'object' || Array.isArray(evidence)) return [];
  const e = evidence as EvidenceView;
  const lines: string[] = [];
  const name = e.name && typeof e.name === 'object' ? e.name : undefined;
  if (name) {
    if (typeof name.handle === 'string' && HANDLE_WORDS[name.handle]) lines.push(HANDLE_WORDS[name.handle]!);
    else if (typeof name.first === 'string' || typeof name.last === 'string') {
      const first = FIT_WORDS[name.first ?? 'none'] ?? String(name.first);
      const last = FIT_WORDS[name.last ?? 'none'] ?? String(name.last);
      lines.push(`First name: ${first} · last name: ${last}`);
    }
    if (name.conflict === true) lines.push('Another name in the review does not fit');
  }
  if (typeof e.daysAfterRequest === 'number' && Number.isFinite(e.daysAfterRequest)) lines.push(days(e.daysAfterRequest));
  if (e.phone === true) lines.push('Same phone number as the request');
  if (e.clicked === true) lines.push('Review link clicked');
  const runnerUp = e.runnerUp;
  if (runnerUp && typeof runnerUp.confidence === 'number') lines.push(`Runner-up at ${runnerUp.confidence}%`);
  return lines;
}
