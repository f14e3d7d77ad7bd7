import type { APIRoute } from 'astro';
import { sendTestMessage } from '#domain/sms/account.ts';
import { requireAdmin } from '#web/guards.ts';
import { json, parseJsonBody, refused } from '#web/http.ts';
import { smsTestPayload } from '#contracts/sms-payloads.ts';

/** "Send test message": one text to the number given, at once. */
export const POST: APIRoute = async ({ locals, request }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const parsed = await parseJsonBody(request, smsTestPayload);
  if (!parsed.ok) return parsed.response;
  const sent = await sendTestMessage(locals.runtime, access.workspace, parsed.data.phone);
  return sent.ok ? json({ success: true, sid: sent.sid, message: 'Test message sent' }) : refused(sent.refusal);
};
