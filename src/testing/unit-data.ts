import type { Db } from '#platform/db/database.ts';
import { reviewRequests } from '#platform/db/schema.ts';
import type { Plan } from '#shared/plans.ts';
import { matchKeyColumns } from '#domain/reviews/match-keys.ts';
import { staffIdFor } from '#domain/game/staff/people.ts';
import { registerWorkspace, type Workspace } from '#domain/workspace/workspaces.ts';

// For unit tests on their own in-memory database: workspaces and requests written straight in.

let counter = 0;

export async function unitWorkspace(db: Db, plan: Plan = 'team', businessName = 'Acme'): Promise<Workspace> {
  counter += 1;
  const registration = { slug: `unit-${counter}`, businessName, email: 'a@b.co', password: 'staff-pass', adminPassword: 'admin-pass' };
  return (await registerWorkspace(db, registration, plan))!;
}

export interface UnitCustomer {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Requests for these customers, logged by Alex with the match keys logging writes, 500 to a
 * statement; `columns` adds to each row (its times, say). Their ids, in order.
 */
export async function keyedRequests(
  db: Db,
  workspace: Workspace,
  customers: UnitCustomer[],
  columns: (index: number) => Partial<typeof reviewRequests.$inferInsert> = () => ({}),
): Promise<number[]> {
  const staffId = await staffIdFor(db, workspace.id, 'alex@example.com', 'Alex');
  const rows = customers.map((customer, i) => ({
    workspaceId: workspace.id,
    staffId,
    staffFirstName: 'Alex',
    staffEmail: 'alex@example.com',
    customerFirstName: customer.firstName,
    customerLastName: customer.lastName,
    customerEmail: customer.email,
    ...matchKeyColumns(customer),
    ...columns(i),
  }));
  const ids: number[] = [];
  for (let at = 0; at < rows.length; at += 500) {
    const inserted = await db
      .insert(reviewRequests)
      .values(rows.slice(at, at + 500))
      .returning({ id: reviewRequests.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
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
