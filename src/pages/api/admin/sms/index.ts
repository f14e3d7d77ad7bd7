import type { APIRoute } from 'astro';
import { deleteSmsAccount, readSmsAccount, saveSmsAccount } from '#domain/sms/account.ts';
import { requireAdmin } from '#web/guards.ts';
import { json, parseJsonBody } from '#web/http.ts';
import { smsAccountPayload } from '#contracts/sms-payloads.ts';

/** Whether texting is set up: the Account SID, the sender and Twilio's last refusal, never a secret. */
export const GET: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  return json(await readSmsAccount(locals.runtime.database.db, access.workspace.id));
};

export const PUT: APIRoute = async ({ locals, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, smsAccountPayload);
  if (!parsed.ok) return parsed.response;
  return json(await saveSmsAccount(locals.runtime, access.workspace.id, parsed.data));
};

export const DELETE: APIRoute = async ({ locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  await deleteSmsAccount(locals.runtime.database.db, access.workspace.id);
  return json(await readSmsAccount(locals.runtime.database.db, access.workspace.id));
};
