import { useEffect, useState } from 'preact/hooks';
import type { Team } from '#domain/game/teams.ts';
import { isUnknownTeamName } from '#shared/team-rules.ts';
import { SUGGESTED_REVIEWS_PER_TEAM, suggestedTarget } from '#shared/target.ts';
import { adminRequest } from './admin-api.ts';

interface Props {
  /** The target input's id: the team count is read again whenever it takes the focus (and at each in-page link). */
  inputId: string;
  /** What the input holds now. */
  value: string;
  busy: boolean;
  /** Saves the suggested target. */
  onUse: (target: number) => void;
}

/** The wallboard's own teams: Unknown and the teams of named wallboards (Agency) are not counted. */
const countedTeams = (teams: Team[]) => teams.filter((t) => !isUnknownTeamName(t.name) && t.wallboardId === undefined).length;

/**
 * Under "target reviews" (issue 33, item 9): a target suggested from the workspace's teams, with a
 * button that sets it. The teams are read when the card loads and again when the target field is
 * entered or a link within the page is followed, so a team added in Team Management a moment ago counts.
 */
export function TargetSuggestion({ inputId, value, busy, onUse }: Props) {
  const [teams, setTeams] = useState<number | null>(null);

  useEffect(() => {
    const read = async () => {
      try {
        setTeams(countedTeams(await adminRequest<Team[]>('GET', '/api/teams')));
      } catch {
        // The suggestion waits for the next read; the field works without it.
      }
    };
    void read();
    const input = document.getElementById(inputId);
    input?.addEventListener('focus', read);
    // The checklist's "Set the target" is a link within the page: following it counts a team added a moment ago.
    window.addEventListener('hashchange', read);
    return () => {
      input?.removeEventListener('focus', read);
      window.removeEventListener('hashchange', read);
    };
  }, [inputId]);

  if (teams === null) return null;
  if (teams === 0) {
    return (
      <p class="mt-2 text-sm text-slate-600" data-testid="target-suggestion">
        About {SUGGESTED_REVIEWS_PER_TEAM} reviews a team makes a good first target. Add your teams in Team Management to get a suggestion.
      </p>
    );
  }
  const target = suggestedTarget(teams);
  return (
    <div class="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-700" data-testid="target-suggestion">
      <p class="min-w-0 flex-1 basis-48">
        Suggested for your {teams} {teams === 1 ? 'team' : 'teams'}: <strong class="text-slate-900">{target} reviews</strong> (about{' '}
        {SUGGESTED_REVIEWS_PER_TEAM} a team).
      </p>
      {value.trim() === String(target) ? (
        <span class="text-sm font-medium text-emerald-700">In use</span>
      ) : (
        <button type="button" class="btn btn-secondary min-h-9 px-3 py-1 text-sm" disabled={busy} onClick={() => onUse(target)}>
          Use {target}
        </button>
      )}
    </div>
  );
}
