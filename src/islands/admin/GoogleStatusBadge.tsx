import type { GmbCardState } from '../gmb/google-profile.ts';

const BADGES: Record<GmbCardState, { text: string; classes: string }> = {
  upgrade: { text: 'Upgrade Required', classes: 'bg-amber-50 text-amber-800 ring-amber-600/25' },
  unconfigured: { text: 'Not configured', classes: 'bg-slate-100 text-slate-600 ring-slate-500/20' },
  broken: { text: 'Reconnect needed', classes: 'bg-red-50 text-red-700 ring-red-600/20' },
  disconnected: { text: 'Not connected', classes: 'bg-slate-100 text-slate-600 ring-slate-500/20' },
  incomplete: { text: 'Connected', classes: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
  ready: { text: 'Connected', classes: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20' },
};

/** The connection's state in a word or two, beside the card's title. */
export function GoogleStatusBadge({ state }: { state: GmbCardState }) {
  const { text, classes } = BADGES[state];
  return (
    <span
      data-testid="gmb-status"
      class={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${classes}`}
    >
      {(state === 'ready' || state === 'incomplete') && <span class="h-1.5 w-1.5 rounded-full bg-emerald-500" aria-hidden="true" />}
      {text}
    </span>
  );
}
