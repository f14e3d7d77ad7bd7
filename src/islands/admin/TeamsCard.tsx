import { useEffect, useRef, useState } from 'preact/hooks';
import { DEFAULT_TEAM_COLOR, isUnknownTeamName, TEAM_COLORS, TEAM_NAME_MAX, teamNameProblem } from '#shared/team-rules.ts';
import { WEEKLY_GOAL_MAX } from '#shared/settings-rules.ts';
import { ApiError } from '../api.ts';
import { Field } from '../ui/Field.tsx';
import { AdminCard, EmptyNote, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { ColorChoices } from './ColorChoices.tsx';
import { Dialog } from './Dialog.tsx';
import { useAdminData } from './use-admin-data.ts';
import type { Team } from '#domain/game/teams.ts';

// The server's order (src/domain/reviews/scoring.ts), so a new team lands where a reload would put it.
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const sorted = (teams: Team[]) => [...teams].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
const colorName = (value: string) => TEAM_COLORS.find((c) => c.value === value.toUpperCase())?.name ?? value;
const reviewCount = (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`;
/** The goal field's text as the API takes it: a whole number, or null for none. */
const goalOf = (text: string) => (text.trim() === '' ? null : Number(text));

/** An optional weekly goal for one team: its own target on the wallboard's "This week" panel. */
function WeeklyGoalField({ id, value, onInput, disabled }: { id: string; value: string; onInput: (value: string) => void; disabled: boolean }) {
  return (
    <Field
      id={id}
      name={undefined}
      label="Weekly goal"
      hint="Reviews a week for this team. Empty: a share of the workspace's weekly goal."
      type="number"
      inputMode="numeric"
      min={1}
      max={WEEKLY_GOAL_MAX}
      class="input max-w-40"
      value={value}
      placeholder="None"
      disabled={disabled}
      onInput={(e) => onInput(e.currentTarget.value)}
    />
  );
}

interface Props {
  /** The plan's name and how many teams it allows besides "Unknown". */
  planName: string;
  teamLimit: number;
}

/** Team Management (SPEC.md section 2): list, create form, edit dialog, delete. */
export default function TeamsCard({ planName, teamLimit }: Props) {
  const { data: teams, setData: setTeams, loadFailed, load } = useAdminData(async () => sorted(await adminRequest<Team[]>('GET', '/api/teams')));
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(DEFAULT_TEAM_COLOR);
  const [goal, setGoal] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Team | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    const problem = teamNameProblem(name);
    if (problem) {
      setNameError(problem);
      return;
    }
    setCreating(true);
    try {
      const team = await adminRequest<Team>('POST', '/api/teams', { name: name.trim(), color, weeklyGoal: goalOf(goal) });
      setTeams((current) => sorted([...(current ?? []), team]));
      setName('');
      setColor(DEFAULT_TEAM_COLOR);
      setGoal('');
      setNameError(undefined);
      nameInput.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.field === 'name') setNameError(error.serverMessage);
      showFailure('Failed to create team', error);
    } finally {
      setCreating(false);
    }
  };

  const remove = async (team: Team) => {
    if (!window.confirm('Are you sure you want to delete this team?')) return;
    setDeletingId(team.id);
    try {
      await adminRequest('DELETE', `/api/teams/${team.id}`);
      // Its matched reviews now count for Unknown: read the counts again.
      await load();
    } catch (error) {
      showFailure('Failed to delete team', error);
    } finally {
      setDeletingId(null);
    }
  };

  // The main wallboard's teams: teams of named wallboards (Agency) count on their own wallboard.
  const counted = teams?.filter((t) => !isUnknownTeamName(t.name) && t.wallboardId === undefined).length ?? 0;
  const atLimit = teams !== null && counted >= teamLimit;
  const limitNote = `Your ${planName} plan allows ${teamLimit} ${teamLimit === 1 ? 'team' : 'teams'}`;

  const saved = (team: Team) => {
    setTeams((current) => sorted((current ?? []).map((t) => (t.id === team.id ? team : t))));
    setEditing(null);
  };

  return (
    <AdminCard title="Team Management" description="Teams compete on the wallboard. Reviews that match no team count for Unknown." class="lg:row-span-2">
      {atLimit && (
        <p class="mb-4 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="team-limit-note">
          {limitNote} and you have {counted}. Upgrade your plan in Plan &amp; billing below to add more teams.
        </p>
      )}
      <form onSubmit={create} noValidate class="space-y-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4" hidden={atLimit}>
        <Field
          id="new-team-name"
          name={undefined}
          label="Team name"
          inputRef={nameInput}
          value={name}
          maxLength={TEAM_NAME_MAX}
          placeholder="e.g. Tax Team"
          autoComplete="off"
          disabled={creating}
          error={nameError}
          onInput={(e) => {
            setName(e.currentTarget.value);
            setNameError(undefined);
          }}
        />
        <ColorChoices name="new-team-color" value={color} onChange={setColor} disabled={creating} />
        <WeeklyGoalField id="new-team-goal" value={goal} onInput={setGoal} disabled={creating} />
        <button type="submit" class="btn btn-primary w-full sm:w-auto" disabled={creating || name.trim() === ''}>
          {creating ? 'Creating...' : 'Create Team'}
        </button>
      </form>

      <div class="mt-5">
        <Loaded
          data={teams}
          loadFailed={loadFailed}
          onRetry={() => void load()}
          errorMessage="The teams could not be loaded."
          loadingLabel="Loading teams..."
          empty={<EmptyNote>No teams yet. Create the first one above.</EmptyNote>}
        >
          {(teams) => (
            <ul class="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-label="Teams">
              {teams.map((team) => {
                const locked = isUnknownTeamName(team.name);
                const busy = deletingId === team.id;
                return (
                  <li key={team.id} class="flex items-center gap-3 px-4 py-3">
                    <span
                      class="h-3.5 w-3.5 shrink-0 rounded-full ring-1 ring-black/10"
                      style={{ backgroundColor: team.color }}
                      title={colorName(team.color)}
                      aria-hidden="true"
                    />
                    <div class="min-w-0 flex-1">
                      <p class="text-sm font-medium text-slate-900 wrap-anywhere">
                        {team.name}
                        {team.readOnly && <span class="ml-2 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-700">Read-only</span>}
                      </p>
                      <p class="text-xs text-slate-500">
                        {team.readOnly
                          ? `Over your plan's limit: ${limitNote}. Its requests and reviews are kept.`
                          : `${reviewCount(team.reviews)}${team.weeklyGoal ? ` · weekly goal ${team.weeklyGoal}` : ''}`}
                      </p>
                    </div>
                    <div class="flex shrink-0 items-center gap-1">
                      <button
                        type="button"
                        class="btn btn-ghost px-3 py-1.5"
                        onClick={() => setEditing(team)}
                        disabled={busy || team.readOnly}
                        aria-label={`Edit ${team.name}`}
                      >
                        Edit
                      </button>
                      {!locked && (
                        <button
                          type="button"
                          class="btn btn-ghost px-3 py-1.5 text-red-600 hover:bg-red-50"
                          onClick={() => void remove(team)}
                          disabled={busy}
                          aria-label={`Delete ${team.name}`}
                        >
                          {busy ? 'Deleting...' : 'Delete'}
                        </button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Loaded>
      </div>

      <EditTeamDialog team={editing} onClose={() => setEditing(null)} onSaved={saved} />
    </AdminCard>
  );
}

function EditTeamDialog({ team, onClose, onSaved }: { team: Team | null; onClose: () => void; onSaved: (team: Team) => void }) {
  const [name, setName] = useState('');
  const [color, setColor] = useState<string>(DEFAULT_TEAM_COLOR);
  const [goal, setGoal] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!team) return;
    setName(team.name);
    setColor(team.color);
    setGoal(team.weeklyGoal ? String(team.weeklyGoal) : '');
    setError(undefined);
  }, [team]);

  const locked = team ? isUnknownTeamName(team.name) : false;

  const save = async (event: Event) => {
    event.preventDefault();
    if (!team) return;
    const problem = teamNameProblem(name);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      // Unknown competes for nothing: it keeps its name and takes no goal.
      const changes = locked ? { color } : { name: name.trim(), color, weeklyGoal: goalOf(goal) };
      onSaved(await adminRequest<Team>('PUT', `/api/teams/${team.id}`, changes));
    } catch (failure) {
      if (failure instanceof ApiError && failure.field === 'name') setError(failure.serverMessage);
      showFailure('Failed to update team', failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={team !== null} title="Edit Team" onClose={() => !saving && onClose()}>
      <form onSubmit={save} noValidate class="space-y-5">
        <Field
          id="edit-team-name"
          name={undefined}
          label="Team name"
          hint={locked ? 'The Unknown team keeps its name: it holds the reviews that match no team.' : undefined}
          value={name}
          maxLength={TEAM_NAME_MAX}
          autoComplete="off"
          disabled={saving || locked}
          error={error}
          onInput={(e) => {
            setName(e.currentTarget.value);
            setError(undefined);
          }}
        />
        <ColorChoices name="edit-team-color" value={color} onChange={setColor} disabled={saving} />
        {!locked && <WeeklyGoalField id="edit-team-goal" value={goal} onInput={setGoal} disabled={saving} />}
        <div class="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" class="btn btn-secondary" onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" class="btn btn-primary" disabled={saving || name.trim() === ''}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
