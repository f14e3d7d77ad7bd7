import { formatDateTime } from '#shared/format-date.ts';
import { customerOf, type UnmatchedInvite } from './reviews-admin.ts';

interface Props {
  /** The invites that match the search. */
  invites: UnmatchedInvite[];
  query: string;
  chosen: number | null;
  disabled: boolean;
  timeZone: string;
  onChoose: (id: number) => void;
}

/** The requests to choose from, one radio each; a request without a team cannot be chosen. */
export function InviteChoices({ invites, query, chosen, disabled, timeZone, onChoose }: Props) {
  return (
    <fieldset>
      <legend class="sr-only">Requests with an invite</legend>
      <div class="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
        {invites.length === 0 ? (
          <p class="p-4 text-center text-sm text-slate-500">No request matches "{query.trim()}".</p>
        ) : (
          invites.map((invite) => {
            const noTeam = invite.teamName === null;
            return (
              <label
                key={invite.id}
                class={`flex items-start gap-3 px-4 py-3 ${noTeam ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-slate-50'} ${chosen === invite.id ? 'bg-brand-50' : ''}`}
              >
                <input
                  type="radio"
                  name="reassign-invite"
                  value={String(invite.id)}
                  class="mt-1 h-4 w-4 accent-brand-600"
                  checked={chosen === invite.id}
                  disabled={disabled || noTeam}
                  onChange={() => onChoose(invite.id)}
                />
                <span class="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
                  <span class="min-w-0">
                    <span class="block font-medium break-words text-slate-900">{customerOf(invite)}</span>
                    <span class="block text-xs break-all text-slate-500">{invite.email}</span>
                  </span>
                  <span class="shrink-0 text-xs text-slate-600 sm:text-right">
                    <span class="block font-medium">{invite.teamName ?? 'No team'}</span>
                    {invite.createdAt && (
                      <time class="block text-slate-500" dateTime={invite.createdAt}>
                        {formatDateTime(invite.createdAt, timeZone)}
                      </time>
                    )}
                  </span>
                </span>
              </label>
            );
          })
        )}
      </div>
    </fieldset>
  );
}
