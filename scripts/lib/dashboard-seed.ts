import type { Database } from '#platform/db/database.ts';
import { migrate } from '#platform/db/migrate.ts';
import { createTeam } from '#domain/game/teams.ts';
import { unitRequest, unitWorkspace } from '#testing/unit-data.ts';
import type { Workspace } from '#domain/workspace/workspaces.ts';

/** The dashboard benches' workspace: three teams, `requests` requests by 12 people over 60 days. */
export async function seedDashboardWorkspace(database: Database, requests: number): Promise<Workspace> {
  await migrate(database);
  const workspace = await unitWorkspace(database.db);
  const teams: number[] = [];
  for (const name of ['Front Desk', 'Hygiene', 'Surgery']) {
    const team = await createTeam(database, workspace, { name, color: '#3B82F6' });
    if (team.ok) teams.push(team.team.id);
  }
  for (let i = 0; i < requests; i++) {
    const person = { staffEmail: `s${i % 12}@x.test`, staffFirstName: `S${i % 12}` };
    await unitRequest(database.db, workspace, { ...person, teamId: teams[i % 3], createdAt: new Date(Date.now() - (i % 60) * 86_400_000) });
  }
  return workspace;
}
