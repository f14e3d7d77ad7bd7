import { errorJson, forbidden } from './http.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';
import type { Session } from '#domain/workspace/auth/session.ts';

/** What the middleware knows about the caller of a request. */
export interface Caller {
  session: Session | null;
  workspace: Workspace | null;
}

export type Access = { ok: true; workspace: Workspace; session: Session } | { ok: false; response: Response };

export function requireStaff(caller: Caller): Access {
  if (!caller.session || !caller.workspace) return { ok: false, response: errorJson(401, 'Authentication required') };
  return { ok: true, workspace: caller.workspace, session: caller.session };
}

export function requireAdmin(caller: Caller): Access {
  const staff = requireStaff(caller);
  if (!staff.ok) return staff;
  return staff.session.admin ? staff : { ok: false, response: forbidden('Admin access required') };
}
