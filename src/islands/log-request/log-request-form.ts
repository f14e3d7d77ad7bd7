// The log form's rules around the request itself: the order its errors are met in, the payload it
// posts, and what it keeps once a request is logged. No DOM.
import { INTERACTION_DATE_FUTURE, interactionDateProblem, type LogRequestForm as Form } from '#shared/rules.ts';

export type Key = keyof Form;
/** The server may also fault the subject or the body (its `field`); they show under those. */
export type ErrorKey = Key | 'interactionDate' | 'customEmailSubject' | 'customEmailContent';

/** The fields top to bottom: the first with an error takes the focus. */
export const ORDER: ErrorKey[] = [
  'staffFirstName',
  'staffEmail',
  'teamId',
  'email',
  'phone',
  'firstName',
  'lastName',
  'interactionDate',
  'templateId',
  'customEmailSubject',
  'customEmailContent',
];

/** The reads a new request changes, refreshed once it is logged. */
export const REFRESH_AFTER_LOGGING = ['/api/dashboard', '/api/requests-report', '/api/campaigns'];

/** The problem with "Saw the customer on": the shared rule, and no day after today. */
export function interactionDateError(value: string, today: string): string | undefined {
  return interactionDateProblem(value) ?? (value > today ? INTERACTION_DATE_FUTURE : undefined);
}

type Staff = Pick<Form, 'staffFirstName' | 'staffEmail' | 'teamId'>;

/** A form for a new customer, by the given staff member, sent the workspace's default way. */
export const formFor = (staff: Staff, channel: Form['channel'] = 'email'): Form => ({
  ...staff,
  email: '',
  firstName: '',
  lastName: '',
  templateId: '',
  phone: '',
  channel,
});

/** The staff fields as they are remembered after a request: the names trimmed. */
export const staffOf = (form: Form): Staff => ({ staffFirstName: form.staffFirstName.trim(), staffEmail: form.staffEmail.trim(), teamId: form.teamId });

/** POST /api/review-requests. */
export const requestPayload = (form: Form, interactionDate: string, subject: string, content: string) => ({
  staffFirstName: form.staffFirstName.trim(),
  staffEmail: form.staffEmail.trim(),
  teamId: Number(form.teamId),
  email: form.email.trim(),
  phone: form.channel === 'email' ? '' : form.phone.trim(),
  channel: form.channel,
  firstName: form.firstName.trim(),
  lastName: form.lastName.trim(),
  templateId: Number(form.templateId),
  interactionDate,
  customEmailSubject: subject,
  customEmailContent: content,
});

/** What POST /api/review-requests answers about the request the form just logged. */
export interface LoggedAnswer {
  customerName: string;
  emailStatus?: string;
  reviewLink?: string;
  smsScheduledFor?: string;
}

/**
 * The email did not go and will not go by itself: the workspace sends no email (no SMTP), or the
 * mail server refused it for good. A queued or retried email is still on its way.
 */
export const emailNotSent = (status: string | undefined): boolean => status === 'not sent: no SMTP' || status === 'failed';

/** The toast's title when the email did not go: said first, where "Success" would be a lie. */
export const LOGGED_NOT_SENT_TITLE = 'Logged: email not sent, copy the link below';

/**
 * The toast once a request is logged: SPEC.md's "Success" / "Review request logged successfully"
 * when the email went or is on its way, otherwise what happened and what to do. A text held by quiet
 * hours says when it goes.
 */
export function loggedToast(request: LoggedAnswer, when: (iso: string) => string): { title: string; description?: string; variant: 'success' | 'warning' } {
  const text = request.smsScheduledFor ? `The text goes at ${when(request.smsScheduledFor)}, after quiet hours.` : '';
  if (emailNotSent(request.emailStatus)) {
    return { title: LOGGED_NOT_SENT_TITLE, variant: 'warning', ...(text ? { description: text } : {}) };
  }
  return { title: 'Success', description: text ? `Review request logged successfully. ${text}` : 'Review request logged successfully', variant: 'success' };
}
