// A review request's text message (issue 29): the template's text with the email's placeholders and
// the tracked link. Shared by the server, which sends it, and the log form, which counts its segments.
import { fillPlaceholders, type PlaceholderValues } from './placeholders.ts';

/** Where the tracked review link goes in a text; a text template must hold it. */
export const REVIEW_LINK_PLACEHOLDER = '{review_link}';

/** The text of a template that has none of its own. */
export const DEFAULT_SMS_TEXT = `Hi {firstName}, thanks for choosing {companyName}. {staffFirstName} would love a quick review: ${REVIEW_LINK_PLACEHOLDER}`;

export const SMS_TEXT_MAX = 1000;

/** The text as the customer gets it: placeholders filled, the link in place of {review_link}. */
export function composeSmsText(template: string | null | undefined, values: PlaceholderValues, reviewLink: string): string {
  const text = template?.trim() ? template : DEFAULT_SMS_TEXT;
  return fillPlaceholders(text, values).split(REVIEW_LINK_PLACEHOLDER).join(reviewLink).trim();
}
