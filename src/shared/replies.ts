// Owners' replies to Google reviews (issue 30), shared by the server and the reply box: Google's
// limit, the reply templates' placeholders, and how a template becomes a reply.

/** Google takes a reply of at most 4,096 bytes (UTF-8). */
export const REPLY_MAX_BYTES = 4096;
/** A workspace keeps at most five reply templates. */
export const REPLY_TEMPLATES_MAX = 5;
export const REPLY_TEMPLATE_NAME_MAX = 60;
/** A review of this many stars or fewer goes to the top of "Needs a reply". */
export const LOW_RATING_MAX = 3;

/** The placeholders a reply template may hold, and what each becomes. */
export const REPLY_PLACEHOLDERS = {
  '{reviewer_first_name}': "the reviewer's first name",
  '{business_name}': "the business's name",
  '{staff_first_name}': 'the first name of the person whose request brought the review',
} as const;

export interface ReplyValues {
  reviewerName: string | null;
  businessName: string;
  staffFirstName: string | null;
}

export function replyBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** The first word of a reviewer's name as Google shows it ("Sarah K." → "Sarah"); null for none. */
export function firstNameOf(name: string | null): string | null {
  const first = name
    ?.trim()
    .split(/\s+/)[0]
    ?.replace(/[.,]+$/, '');
  return first ? first : null;
}

/**
 * A template filled for one review. A placeholder without a value (an anonymous reviewer, a review no
 * request brought) becomes a word that reads well in its place: "there" ("Hi there"), "our team".
 */
export function fillReplyTemplate(body: string, values: ReplyValues): string {
  return body
    .replaceAll('{reviewer_first_name}', firstNameOf(values.reviewerName) ?? 'there')
    .replaceAll('{business_name}', values.businessName)
    .replaceAll('{staff_first_name}', values.staffFirstName?.trim() || 'our team');
}

/** What the reply box says about a reply's length: empty, within Google's limit, or over it. */
export function replyLengthProblem(comment: string): string | null {
  if (comment.trim() === '') return 'Write the reply first';
  const bytes = replyBytes(comment);
  return bytes > REPLY_MAX_BYTES
    ? `The reply is ${bytes.toLocaleString('en-US')} bytes; Google takes at most ${REPLY_MAX_BYTES.toLocaleString('en-US')}`
    : null;
}
