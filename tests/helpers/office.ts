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
