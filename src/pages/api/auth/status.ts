import type { APIRoute } from 'astro';
import { json } from '#web/http.ts';

export const GET: APIRoute = ({ locals }) => {
  const { workspace } = locals;
  return workspace
    ? json({ authenticated: true, slug: workspace.slug, plan: workspace.plan, trialEndsAt: workspace.trialEndsAt?.toISOString() ?? null })
    : json({ authenticated: false });
};
