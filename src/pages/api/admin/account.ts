import type { APIRoute } from 'astro';
import { confirmAdminPassword, noticeAccountChange } from '../../../lib/auth/account-changes.ts';
import { knownDevice } from '../../../lib/auth/cookies.ts';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { endResetLinks } from '../../../lib/auth/password-reset.ts';
import { emailSender } from '../../../lib/email/mailer.ts';
import { json, notFound, parseJsonBody } from '../../../lib/http.ts';
import { announceDataChange } from '../../../lib/live/publish.ts';
import { logError } from '../../../lib/log.ts';
import { linkBase } from '../../../lib/public-url.ts';
import { accountPayload } from '../../../lib/validation/payloads.ts';
import { updateAccount } from '../../../lib/workspaces.ts';
import { confirmationRefused } from './_confirm.ts';

/** The business name and the admin email (a new email confirmed with the current admin password); answers both as they are now. */
export const PUT: APIRoute = async ({ request, locals, cookies, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, accountPayload);
  if (!parsed.ok) return parsed.response;
  const { runtime } = locals;
  const { database } = runtime;
  const { workspace } = access;
  const { currentAdminPassword, ...change } = parsed.data;
  const newEmail = change.email !== undefined && change.email.toLowerCase() !== workspace.adminEmail.toLowerCase();
  if (newEmail) {
    const device = await knownDevice(cookies, runtime.sessionKey);
    const attempt = { slug: workspace.slug, workspaceId: workspace.id, password: currentAdminPassword, address: locals.clientAddress, device };
    const confirmed = await confirmAdminPassword(database.db, attempt);
    if (confirmed !== 'ok') return confirmationRefused(confirmed);
  }
  const account = await updateAccount(database.db, workspace.id, change);
  if (!account) return notFound('Workspace not found');
  if (account.email.toLowerCase() !== workspace.adminEmail.toLowerCase()) {
    // Links already mailed went to the old address: they stop working; and that address is told.
    await endResetLinks(database.db, workspace.id);
    void noticeAccountChange({ sender: emailSender(runtime.config), linkBase: linkBase(runtime.config, url) }, workspace, {
      kind: 'email',
      newEmail: account.email,
    });
  }
  // The wallboards show the business name.
  if (account.businessName !== workspace.businessName) {
    await announceDataChange(database, workspace.id).catch((error) => logError('Could not announce a new business name', error));
  }
  return json(account);
};
