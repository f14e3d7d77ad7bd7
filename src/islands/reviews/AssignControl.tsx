import { useState } from 'preact/hooks';
import type { TeamRef, UnmatchedInvite, UnmatchedReview } from '#domain/reviews/queries.ts';

// SPEC.md section 5 "Assignment": an invite picker (only when unmatched invites exist) and a team
// picker without "Unknown"; choosing one clears the other; Assign is enabled once one is chosen.

export type AssignChoice = { inviteId: number } | { teamId: number };

interface Props {
  review: UnmatchedReview;
  invites: UnmatchedInvite[];
  /** The teams a review may be placed in ("Unknown" already left out). */
  teams: TeamRef[];
  formatDate(iso: string): string;
  onAssign(review: UnmatchedReview, choice: AssignChoice): Promise<boolean>;
}

export function inviteLabel(invite: UnmatchedInvite, formatDate: (iso: string) => string): string {
  const name = `${invite.firstName} ${invite.lastName}`.trim() || invite.email;
  return `${name} · ${invite.teamName ?? 'No team'} · ${formatDate(invite.createdAt)}`;
}

export function AssignControl({ review, invites, teams, formatDate, onAssign }: Props) {
  const suggested = review.suggestedInviteId !== null && invites.some((i) => i.id === review.suggestedInviteId) ? String(review.suggestedInviteId) : '';
  const [inviteId, setInviteId] = useState(suggested);
  const [teamId, setTeamId] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = inviteId !== '' || teamId !== '';
  const inviteField = `assign-invite-${review.id}`;
  const teamField = `assign-team-${review.id}`;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!chosen || busy) return;
    setBusy(true);
    const done = await onAssign(review, inviteId !== '' ? { inviteId: Number(inviteId) } : { teamId: Number(teamId) });
    // On success the review leaves the list and this control with it.
    if (!done) setBusy(false);
  };

  return (
    <form onSubmit={submit} data-testid="assign-control" class="flex flex-col gap-3 lg:flex-row lg:items-end">
      {invites.length > 0 && (
        <>
          <div class="min-w-0 flex-1">
            <label for={inviteField} class="label">
              Match to a request
            </label>
            <select
              id={inviteField}
              name="inviteId"
              class="input"
              value={inviteId}
              disabled={busy}
              onChange={(e) => {
                setInviteId(e.currentTarget.value);
                if (e.currentTarget.value !== '') setTeamId('');
              }}
            >
              <option value="">Choose a request…</option>
              {invites.map((invite) => (
                <option key={invite.id} value={String(invite.id)}>
                  {inviteLabel(invite, formatDate)}
                  {invite.id === review.suggestedInviteId ? ' (suggested)' : ''}
                </option>
              ))}
            </select>
          </div>
          <span class="hidden pb-2.5 text-xs font-semibold tracking-wide text-slate-400 uppercase lg:block" aria-hidden="true">
            or
          </span>
        </>
      )}
      <div class="min-w-0 lg:w-56">
        <label for={teamField} class="label">
          {invites.length > 0 ? 'Or assign to a team' : 'Assign to a team'}
        </label>
        <select
          id={teamField}
          name="teamId"
          class="input"
          value={teamId}
          disabled={busy}
          onChange={(e) => {
            setTeamId(e.currentTarget.value);
            if (e.currentTarget.value !== '') setInviteId('');
          }}
        >
          <option value="">Choose a team…</option>
          {teams.map((team) => (
            <option key={team.id} value={String(team.id)}>
              {team.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" class="btn btn-primary lg:w-28" disabled={!chosen || busy}>
        {busy ? 'Assigning...' : 'Assign'}
      </button>
    </form>
  );
}
