import { escapeHtml } from '#shared/placeholders.ts';
import { composeReviewEmail, type ComposedEmail } from '#domain/email/compose.ts';

// The one reminder a request may get (docs/decisions/033): a short note from the same person, with
// the same review link, in the review email's look.

export interface ReminderEmailInput {
  businessName: string;
  customerFirstName: string;
  staffFirstName: string;
  staffEmail: string;
  customerEmail: string;
  /** The request's own review link: an open or a review still counts for it. */
  reviewUrl: string;
  unsubscribeUrl: string;
}

export function reminderSubject(businessName: string): string {
  return `A reminder from ${businessName}`;
}

export function composeReminderEmail(input: ReminderEmailInput): ComposedEmail {
  const [first, staffName, business] = [input.customerFirstName, input.staffFirstName, input.businessName].map(escapeHtml);
  return composeReviewEmail({
    businessName: input.businessName,
    staffFirstName: input.staffFirstName,
    staffEmail: input.staffEmail,
    customerEmail: input.customerEmail,
    subject: reminderSubject(input.businessName),
    bodyHtml: `<p>Hi ${first},</p><p>${staffName} from ${business} asked you recently whether you would share a few words about your visit. If you have a minute, your review would mean a lot to us.</p><p>Thank you!</p>`,
    reviewUrl: input.reviewUrl,
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
