import type { APIRoute } from 'astro';
import { changeAccount, confirmAdminPassword } from '#domain/workspace/auth/account-changes.ts';
import { knownDevice } from '#web/cookies.ts';
import { requireAdmin } from '#web/guards.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { json, notFound, parseJsonBody } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';
import { accountPayload } from '#contracts/payloads.ts';
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
  const notice = { sender: emailSender(runtime.config), linkBase: linkBase(runtime.config, url) };
  const account = await changeAccount(database, notice, workspace, change);
  if (!account) return notFound('Workspace not found');
  return json(account);
};
