import { emailTemplates } from '#platform/db/schema.ts';
import { signUpAdmin } from './accounts.ts';
import type { TestApp } from './app.ts';

type TemplateFields = { name: string; subject: string; htmlContent: string; phoneScript: string | null };

/** A workspace signed in as admin, with a team "Front Desk" and one email template: enough to log requests. */
export async function officeWithTeamAndTemplate(app: TestApp, options: { businessName?: string; template?: Partial<TemplateFields> } = {}) {
  const signedIn = await signUpAdmin(app, { businessName: options.businessName ?? 'Harbourside Dental' });
  const team = (await signedIn.client.post('/api/teams', { name: 'Front Desk' })).json as { id: number };
  const [template] = await app.database.db
    .insert(emailTemplates)
    .values({
      workspaceId: signedIn.workspaceId,
      name: 'Thank you',
      subject: 'How did we do, {firstName}?',
      htmlContent: '<p>Hi {firstName}</p>',
      phoneScript: null,
      ...options.template,
    })
    .returning({ id: emailTemplates.id });
  return { ...signedIn, teamId: team.id, templateId: template!.id };
}

/**
 * Tom of the office logs a review request by email for this customer (to the office's team unless
 * another is named), through the log form's API; the answer, checked to be 201.
 */
export async function logRequestFor(
  office: Awaited<ReturnType<typeof officeWithTeamAndTemplate>>,
  customer: { firstName: string; lastName: string; email?: string },
  teamId: number = office.teamId,
) {
  const logged = await office.client.post('/api/review-requests', {
    staffFirstName: 'Tom',
    staffEmail: 'tom@harbourside.example',
    teamId,
    templateId: office.templateId,
    email: customer.email ?? `${customer.firstName.toLowerCase()}.${customer.lastName.toLowerCase()}@example.test`,
    firstName: customer.firstName,
    lastName: customer.lastName,
  });
  if (logged.status !== 201) throw new Error(`Logging a request for ${customer.firstName} answered ${logged.status}: ${logged.text}`);
  return logged;
}
