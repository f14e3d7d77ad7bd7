import type { Db } from '../db/database.ts';
import type { Plan } from '../plans.ts';
import { registerWorkspace, type Workspace } from '../workspaces.ts';

// For unit tests on their own in-memory database: a new workspace each call.

let counter = 0;

export async function unitWorkspace(db: Db, plan: Plan = 'team', businessName = 'Acme'): Promise<Workspace> {
  counter += 1;
  const registration = { slug: `unit-${counter}`, businessName, email: 'a@b.co', password: 'staff-pass', adminPassword: 'admin-pass' };
  return (await registerWorkspace(db, registration, plan))!;
}
