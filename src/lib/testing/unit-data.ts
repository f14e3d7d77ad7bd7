import type { Db } from '../db/database.ts';
import { reviewRequests } from '../db/schema.ts';
import type { Plan } from '../plans.ts';
import { staffIdFor } from '../staff/people.ts';
import { registerWorkspace, type Workspace } from '../workspaces.ts';

// For unit tests on their own in-memory database: workspaces and requests written straight in.

let counter = 0;

export async function unitWorkspace(db: Db, plan: Plan = 'team', businessName = 'Acme'): Promise<Workspace> {
  counter += 1;
  const registration = { slug: `unit-${counter}`, businessName, email: 'a@b.co', password: 'staff-pass', adminPassword: 'admin-pass' };
  return (await registerWorkspace(db, registration, plan))!;
}

export interface UnitRequest {
  staffEmail: string;
  staffFirstName: string;
  teamId?: number | null;
  createdAt?: Date;
  interactionDate?: string | null;
  clickedAt?: Date | null;
}

/** A request logged by the person of its staff email (created on their first one); its id. */
export async function unitRequest(db: Db, workspace: Workspace, request: UnitRequest): Promise<number> {
  counter += 1;
  const [row] = await db
    .insert(reviewRequests)
    .values({
      workspaceId: workspace.id,
      staffId: await staffIdFor(db, workspace.id, request.staffEmail, request.staffFirstName),
      teamId: request.teamId ?? null,
      staffFirstName: request.staffFirstName,
      staffEmail: request.staffEmail,
      customerFirstName: 'Sarah',
      customerLastName: 'Kim',
      customerEmail: `sarah-${counter}@example.com`,
      interactionDate: request.interactionDate ?? null,
      clickedAt: request.clickedAt ?? null,
      createdAt: request.createdAt,
    })
    .returning({ id: reviewRequests.id });
  return row!.id;
}
