import type { APIRoute } from 'astro';
import { requireApiKey } from '#web/api-v1/access.ts';
import { withIdempotency } from '#web/api-v1/idempotency.ts';
import { listApiReviewRequests } from '#domain/reviews/api-queries.ts';
import { apiReviewRequestPayload } from '#contracts/api-v1.ts';
import { emailSender } from '#domain/email/mailer.ts';
import { badRequest, errorJson, json, jsonPage, parseJsonBody, refused } from '#web/http.ts';
import { linkBase } from '#web/public-url.ts';
import { logRequestRefusal, logReviewRequest } from '#domain/requests/log-request.ts';
import { getTeamInWorkspace } from '#domain/game/teams.ts';
import { getTemplateInWorkspace, listActiveTemplates } from '#domain/requests/templates.ts';

export const GET: APIRoute = async ({ locals, url }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  return jsonPage(url, (page) => listApiReviewRequests(locals.runtime.database.db, access.caller.workspace.id, page));
};

/**
 * Logs a review request and sends its email, exactly as the log form does (logReviewRequest: stored
 * with its outbox row and queue job): 201 even when the email could not be sent, `emailStatus` saying
 * what became of its first attempt.
 */
export const POST: APIRoute = async ({ locals, request, url }) => {
  const access = requireApiKey(locals);
  if (!access.ok) return access.response;
  const { workspace } = access.caller;
  const { database, config, jobs, secretKey } = locals.runtime;
  return withIdempotency(database.db, workspace.id, request, async () => {
    const parsed = await parseJsonBody(request, apiReviewRequestPayload);
    if (!parsed.ok) return parsed.response;
    // Ids of another workspace (or none at all) are not found, as on every /api/v1 endpoint.
    if (!(await getTeamInWorkspace(database.db, workspace.id, parsed.data.teamId))) return errorJson(404, 'Team not found', 'teamId');
    if (parsed.data.templateId !== undefined && !(await getTemplateInWorkspace(database.db, workspace.id, parsed.data.templateId))) {
      return errorJson(404, 'Template not found', 'templateId');
    }
    let templateId = parsed.data.templateId;
    if (templateId === undefined) {
      const active = await listActiveTemplates(database.db, workspace.id);
      if (active.length !== 1) {
        return badRequest(`Template selection is required: give templateId (the workspace has ${active.length} active templates)`, 'templateId');
      }
      templateId = active[0]!.id;
    }
    const result = await logReviewRequest({ database, sender: emailSender(config), jobs, secretKey, publicUrl: linkBase(config, url) }, workspace, {
      ...parsed.data,
      templateId,
    });
    if (!result.ok) return refused(logRequestRefusal(result.problem, workspace.plan));
    return json(result.request, 201);
  });
};
