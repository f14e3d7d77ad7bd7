import type { APIRoute } from 'astro';
import { requireAdmin } from '#web/guards.ts';
import { badRequest, json, planLimitRefused } from '#web/http.ts';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, logoUrl, saveLogo } from '#domain/workspace/logo.ts';
import { readFormData } from '#web/multipart.ts';
import { PLAN_LIMIT_MESSAGES, PLAN_LIMITS } from '#shared/plans.ts';
import { findWallboard } from '#domain/game/wallboards.ts';

/** Room for the multipart framing around a file of the largest allowed size. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

export const POST: APIRoute = async ({ request, locals }) => {
  const access = requireAdmin(locals);
  if (!access.ok) return access.response;
  const { plan } = access.workspace;
  if (!PLAN_LIMITS[plan].branding) return planLimitRefused(PLAN_LIMIT_MESSAGES.branding(plan), 'branding');
  const read = await readFormData(request, LOGO_MAX_BYTES + FORM_OVERHEAD_BYTES);
  if (!read.ok) return badRequest(read.reason === 'too_large' ? LOGO_MESSAGES.tooLarge : LOGO_MESSAGES.missing, 'logo');
  const file = read.form.get('logo');
  if (!(file instanceof File) || file.size === 0) return badRequest(LOGO_MESSAGES.missing, 'logo');
  if (file.size > LOGO_MAX_BYTES) return badRequest(LOGO_MESSAGES.tooLarge, 'logo');

  const { database } = locals.runtime;
  // Agency: a named wallboard's own logo (form field wallboardId); none: the workspace's.
  const asked = read.form.get('wallboardId');
  const wallboard =
    typeof asked === 'string' && asked !== ''
      ? /^\d{1,10}$/.test(asked)
        ? await findWallboard(database.db, access.workspace, Number(asked))
        : null
      : undefined;
  if (wallboard === null) return badRequest('Wallboard not found', 'wallboardId');
  if (wallboard?.readOnly) return planLimitRefused(PLAN_LIMIT_MESSAGES.wallboardReadOnly(plan, PLAN_LIMITS[plan].wallboards ?? 1), 'wallboards');
  const wallboardId = wallboard?.id ?? null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const saved = await saveLogo(database, access.workspace.id, bytes, { name: file.name, type: file.type }, wallboardId);
  if (!saved.ok) return badRequest(saved.message, 'logo');
  return json({ companyLogo: logoUrl(access.workspace.slug, saved.updatedAt, wallboardId) });
};
