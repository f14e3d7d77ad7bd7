import type { Db } from '#platform/db/database.ts';
import { checkPassword } from '../workspaces.ts';
import { beginAttempt, forgetAttempt } from './attempts.ts';
import type { KnownDevice } from './known-device.ts';

export const MAX_FAILED_SIGN_INS = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins to one workspace from all unknown browsers together, in the window. */
export const WORKSPACE_SIGN_IN_CEILING = 100;
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed attempts. Please wait 15 minutes and try again.';

export interface SignInAttempt {
  slug: string;
  /** Null for a slug no workspace has: the attempt still counts, and fails. */
  workspaceId: number | null;
  password: string;
  kind: 'staff' | 'admin';
  address: string;
  device: KnownDevice | null;
}

/**
 * Checks a password under the guessing limits: 10 failed attempts per workspace and browser (or
 * address, for a browser that never signed in to it) in 15 minutes, and a ceiling for the workspace
 * that only browsers that signed in before are not held by. The attempt is counted before the
 * password is checked, so parallel guesses cannot slip past the limit.
 */
export async function checkSignIn(db: Db, attempt: SignInAttempt): Promise<'ok' | 'wrong' | 'blocked'> {
  const knownDevice = attempt.device !== null && attempt.workspaceId !== null && attempt.device.workspaceIds.includes(attempt.workspaceId);
  const counted = await beginAttempt(db, {
    scope: `sign-in:${attempt.slug}`,
    source: knownDevice ? `device:${attempt.device!.id}` : `address:${attempt.address}`,
    knownDevice,
    limit: MAX_FAILED_SIGN_INS,
    scopeLimit: WORKSPACE_SIGN_IN_CEILING,
    windowMs: SIGN_IN_WINDOW_MS,
  });
  if (!counted.allowed) return 'blocked';
  if (attempt.workspaceId === null || !(await checkPassword(db, attempt.workspaceId, attempt.kind, attempt.password))) return 'wrong';
  await forgetAttempt(db, counted.id);
  return 'ok';
}
