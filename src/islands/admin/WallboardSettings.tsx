import { useEffect, useState } from 'preact/hooks';
import {
  DEFAULT_ROTATE_SECONDS,
  DEFAULT_WALLBOARD_PANELS,
  ROTATE_SECONDS_MAX,
  ROTATE_SECONDS_MIN,
  WALLBOARD_PANELS,
  WEEKLY_GOAL_MAX,
  type WallboardPanel,
} from '#shared/settings-rules.ts';
import { Field } from '../ui/Field.tsx';
import { PANEL_TITLES } from '../wallboard/panels.ts';

/** The settings of the wallboard, shown as their own controls rather than raw text (issue 13). */
export const WALLBOARD_SETTING_KEYS: ReadonlySet<string> = new Set([
  'weekly_goal',
  'show_reviewer_names',
  'show_unknown_team',
  'wallboard_panels',
  'wallboard_rotate_seconds',
]);

interface Props {
  /** The stored value of a key; undefined while the key was never set (the default applies). */
  stored: (key: string) => string | undefined;
  save: (key: string, value: string) => Promise<boolean>;
  busy: (key: string) => boolean;
}

/** A number saved when it loses focus (or on Enter), like the other settings; empty allowed where `optional`. */
function NumberSetting({
  id,
  label,
  hint,
  value,
  min,
  max,
  optional,
  disabled,
  onSave,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  min: number;
  max: number;
  optional?: boolean;
  disabled: boolean;
  onSave: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <Field
      id={id}
      name={undefined}
      label={label}
      hint={hint}
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      class="input max-w-40"
      value={draft}
      placeholder={optional ? 'None' : undefined}
      disabled={disabled}
      onInput={(e) => setDraft(e.currentTarget.value)}
      onBlur={() => draft.trim() !== value && onSave(draft.trim())}
      onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
    />
  );
}

function YesNoSetting({
  id,
  label,
  hint,
  checked,
  disabled,
  onSave,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onSave: (value: string) => void;
}) {
  return (
    <div class="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        class="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onSave(e.currentTarget.checked ? 'true' : 'false')}
      />
      <div>
        <label for={id} class="text-sm font-medium text-slate-700">
          {label}
        </label>
        <p id={`${id}-hint`} class="text-xs text-slate-500">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** The wallboard part of Global Settings: each change saves at once, with the rules the server checks. */
export function WallboardSettings({ stored, save, busy }: Props) {
  const panels = (stored('wallboard_panels') ?? DEFAULT_WALLBOARD_PANELS.join(','))
    .split(',')
    .filter((p): p is WallboardPanel => (WALLBOARD_PANELS as readonly string[]).includes(p));
  const togglePanel = (panel: WallboardPanel, on: boolean) => {
    const next = WALLBOARD_PANELS.filter((p) => (p === panel ? on : panels.includes(p)));
    if (next.length > 0) void save('wallboard_panels', next.join(','));
  };
  return (
    <fieldset class="space-y-4 rounded-xl border border-slate-200 bg-slate-50/60 p-4" data-testid="wallboard-settings">
      <legend class="px-1 text-sm font-semibold text-slate-900">Wallboard</legend>
      <NumberSetting
        id="setting-weekly_goal"
        label="Weekly goal (reviews per week)"
        hint="Shown on the wallboard beside the overall target; teams without a goal of their own share it. Empty for none."
        value={stored('weekly_goal') ?? ''}
        min={1}
        max={WEEKLY_GOAL_MAX}
        optional
        disabled={busy('weekly_goal')}
        onSave={(value) => void save('weekly_goal', value)}
      />
      <YesNoSetting
        id="setting-show_reviewer_names"
        label="Show reviewers' names on the wallboard"
        hint="A first name and initial in the latest reviews and the celebration. Turn off for screens that customers can see."
        checked={stored('show_reviewer_names') !== 'false'}
        disabled={busy('show_reviewer_names')}
        onSave={(value) => void save('show_reviewer_names', value)}
      />
      <YesNoSetting
        id="setting-show_unknown_team"
        label="Show the Unknown card on the wallboard"
        hint="Unknown holds the reviews not matched to a request yet."
        checked={stored('show_unknown_team') !== 'false'}
        disabled={busy('show_unknown_team')}
        onSave={(value) => void save('show_unknown_team', value)}
      />
      <fieldset>
        <legend class="label">Wallboard panels</legend>
        <div class="grid gap-2 sm:grid-cols-2">
          {WALLBOARD_PANELS.map((panel) => {
            const on = panels.includes(panel);
            return (
              <label key={panel} class="flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  name="wallboard_panels"
                  value={panel}
                  class="h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
                  checked={on}
                  aria-describedby="setting-wallboard_panels-hint"
                  // The wallboard always shows at least one panel.
                  disabled={busy('wallboard_panels') || (on && panels.length === 1)}
                  onChange={(e) => togglePanel(panel, e.currentTarget.checked)}
                />
                {PANEL_TITLES[panel]}
              </label>
            );
          })}
        </div>
        <p id="setting-wallboard_panels-hint" class="mt-1 text-xs text-slate-500">
          With more than one, the wallboard shows them in turn. {PANEL_TITLES['desk-cards']} shows the QR codes of your people's desk cards, for a screen
          customers see: it takes its turn once a card is printed (Staff, Desk card).
        </p>
      </fieldset>
      <NumberSetting
        id="setting-wallboard_rotate_seconds"
        label="Seconds each panel shows"
        hint={`From ${ROTATE_SECONDS_MIN} to ${ROTATE_SECONDS_MAX}; used when several panels take turns.`}
        value={stored('wallboard_rotate_seconds') ?? String(DEFAULT_ROTATE_SECONDS)}
        min={ROTATE_SECONDS_MIN}
        max={ROTATE_SECONDS_MAX}
        disabled={busy('wallboard_rotate_seconds')}
        onSave={(value) => void save('wallboard_rotate_seconds', value)}
      />
    </fieldset>
  );
}
