import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../lib/auth/guards.ts';
import { endResetLinks } from '../../../lib/auth/password-reset.ts';
import { json, notFound, parseJsonBody } from '../../../lib/http.ts';
import { announceDataChange } from '../../../lib/live/publish.ts';
import { logError } from '../../../lib/log.ts';
import { accountPayload } from '../../../lib/validation/payloads.ts';
import { updateAccount } from '../../../lib/workspaces.ts';

/** The business name and the admin email; answers both as they are now. */
export const PUT: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, accountPayload);
  if (!parsed.ok) return parsed.response;
  const { database } = locals.runtime;
  const { workspace } = access;
  const account = await updateAccount(database.db, workspace.id, parsed.data);
  if (!account) return notFound('Workspace not found');
  // Links already mailed went to the old address: they stop working.
  if (account.email.toLowerCase() !== workspace.adminEmail.toLowerCase()) await endResetLinks(database.db, workspace.id);
  // The wallboards show the business name.
  if (account.businessName !== workspace.businessName) {
    await announceDataChange(database, workspace.id).catch((error) => logError('Could not announce a new business name', error));
  }
  return json(account);
};
