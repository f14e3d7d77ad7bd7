// A wallboard page is the same for every reader of the same dashboard snapshot (docs/decisions/070):
// rendered once per snapshot and variant (the set-up strip's state, a kiosk token, a named wallboard)
// and answered from memory until the snapshot is replaced (by the workspace's next live notice, or
// after its 2 s). A TV wall reconnecting at once, or a page reloaded by many screens, costs one render.
import type { DashboardSnapshot } from '#domain/game/dashboard.ts';

interface KeptPage {
  body: ArrayBuffer;
  headers: [string, string][];
}

/** What a render marked for keeping is kept under: the snapshot it was made from, and its variant. */
export interface KeepMark {
  snapshot: DashboardSnapshot;
  variant: string;
}

const kept = new WeakMap<DashboardSnapshot, Map<string, KeptPage>>();

/** The page rendered from this snapshot in this variant, as a new answer; null when none is kept. */
export function keptPage(snapshot: DashboardSnapshot, variant: string): Response | null {
  const page = kept.get(snapshot)?.get(variant);
  return page ? new Response(page.body, { status: 200, headers: page.headers }) : null;
}

/**
 * Keeps a rendered page (the middleware calls this with each answer whose route marked it): a 200
 * that sets no cookie is read whole, kept, and answered from what was read.
 */
export async function keepIfMarked(mark: KeepMark | undefined, response: Response): Promise<Response> {
  if (!mark || response.status !== 200 || response.headers.has('set-cookie')) return response;
  const body = await response.arrayBuffer();
  const headers = [...response.headers];
  let pages = kept.get(mark.snapshot);
  if (!pages) kept.set(mark.snapshot, (pages = new Map()));
  pages.set(mark.variant, { body, headers });
  return new Response(body, { status: 200, headers });
}
