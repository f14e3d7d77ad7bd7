import type { APIRoute } from 'astro';
import { confirmAdminPassword, noticeAccountChange } from '#domain/workspace/auth/account-changes.ts';
import { changePasswords } from '#domain/workspace/auth/change-passwords.ts';
import { knownDevice } from '#web/cookies.ts';
import { requireAdmin } from '#web/guards.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { json, parseJsonBody } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';
import { passwordsPayload } from '#contracts/payloads.ts';
import { confirmationRefused } from './_confirm.ts';

/** New passwords, confirmed with the current admin password: every other session that used an old one ends; this one stays. */
export const PUT: APIRoute = async ({ request, locals, cookies, url }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, passwordsPayload);
  if (!parsed.ok) return parsed.response;
  const { runtime } = locals;
  const { workspace } = access;
  const { currentAdminPassword, ...passwords } = parsed.data;
  const device = await knownDevice(cookies, runtime.sessionKey);
  const attempt = { slug: workspace.slug, workspaceId: workspace.id, password: currentAdminPassword, address: locals.clientAddress, device };
  const confirmed = await confirmAdminPassword(runtime.database.db, attempt);
  if (confirmed !== 'ok') return confirmationRefused(confirmed);
  await changePasswords(runtime.database.db, workspace.id, passwords, access.session.id);
  const which =
    passwords.staffPassword !== undefined && passwords.adminPassword !== undefined ? 'both' : passwords.staffPassword !== undefined ? 'staff' : 'admin';
  void noticeAccountChange({ sender: emailSender(runtime.config), linkBase: linkBase(runtime.config, url) }, workspace, { kind: 'password', which });
  return json({ message: 'Passwords updated' });
};
