import { useMemo, useState } from 'preact/hooks';
import { isHiddenSettingKey, settingLabel } from '#shared/settings-rules.ts';
import { settingHelp } from '#shared/setting-help.ts';
import { AdminCard, Loaded } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import type { Setting } from '#domain/workspace/settings.ts';
import { supportedTimeZones, timeZoneGroups } from '#shared/time-zones.ts';
import { useAdminData } from './use-admin-data.ts';
import { TargetSuggestion } from './TargetSuggestion.tsx';
import { WALLBOARD_SETTING_KEYS, WallboardSettings } from './WallboardSettings.tsx';

type SaveState = 'saving' | 'saved';

const START_DATE_KEY = 'challenge_start_date';
const TIME_ZONE_KEY = 'timezone';
const TARGET_KEY = 'target_reviews';

const inputId = (key: string) => `setting-${key}`;

/**
 * Global Settings (SPEC.md section 2): one input per setting, saved when it loses focus; the time zone
 * is a list, saved on change; the wallboard's settings have their own controls, set or not yet.
 */
export default function SettingsCard() {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const {
    data: stored,
    setData: setStored,
    loadFailed,
    load,
  } = useAdminData(async () => {
    const settings = await adminRequest<Setting[]>('GET', '/api/settings');
    setDrafts(Object.fromEntries(settings.map((s) => [s.key, s.value])));
    return settings;
  });
  const [states, setStates] = useState<Record<string, SaveState | undefined>>({});
  const [newStartDate, setNewStartDate] = useState('');

  const storedValue = (key: string) => stored?.find((s) => s.key === key)?.value;

  const save = async (key: string, value: string) => {
    setStates((s) => ({ ...s, [key]: 'saving' }));
    try {
      const setting = await adminRequest<Setting>('PUT', `/api/settings/${encodeURIComponent(key)}`, { value });
      setStored((current) => {
        const others = (current ?? []).filter((s) => s.key !== key);
        return [...others, setting].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      });
      setDrafts((d) => ({ ...d, [key]: setting.value }));
      setStates((s) => ({ ...s, [key]: 'saved' }));
      return true;
    } catch (error) {
      const previous = storedValue(key);
      setDrafts((d) => ({ ...d, [key]: previous ?? '' }));
      setStates((s) => ({ ...s, [key]: undefined }));
      showFailure('Failed to update setting', error);
      return false;
    }
  };

  const saveIfChanged = (key: string) => {
    const value = drafts[key] ?? '';
    if (value !== storedValue(key) && states[key] !== 'saving') void save(key, value);
  };

  const visible = (stored ?? []).filter((s) => !isHiddenSettingKey(s.key) && !WALLBOARD_SETTING_KEYS.has(s.key));
  const storedZone = storedValue(TIME_ZONE_KEY) ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the zone list depends on whether settings arrived, not on their object
  const zoneGroups = useMemo(() => (stored ? timeZoneGroups(supportedTimeZones(), storedZone) : []), [stored !== null, storedZone]);
  const hasStartDate = stored?.some((s) => s.key === START_DATE_KEY) ?? false;

  return (
    <AdminCard title="Global Settings" description="Saved as soon as you leave a field.">
      <Loaded
        data={stored}
        loadFailed={loadFailed}
        onRetry={() => void load()}
        errorMessage="The settings could not be loaded."
        loadingLabel="Loading settings..."
      >
        {() => (
          <div class="space-y-5">
            {visible.length === 0 && hasStartDate && (
              <p class="text-sm text-slate-500" data-empty-state>
                No settings yet: the wallboard's own settings are below.
              </p>
            )}
            {visible.map(({ key }) => {
              const state = states[key];
              // The label is the key (SPEC.md); what the setting does, in plain words, is right under the input.
              const hint = settingHelp(key);
              const describedBy = [`${inputId(key)}-hint`, state ? `${inputId(key)}-state` : ''].filter(Boolean).join(' ');
              return (
                <div key={key}>
                  <div class="flex items-baseline justify-between gap-2">
                    <label for={inputId(key)} class="label">
                      {settingLabel(key)}
                    </label>
                    <span id={`${inputId(key)}-state`} aria-live="polite" class="text-xs text-slate-500">
                      {state === 'saving' ? 'Saving...' : state === 'saved' ? 'Saved' : ''}
                    </span>
                  </div>
                  {key === TIME_ZONE_KEY ? (
                    // A list, not free text: saved as soon as a zone is chosen.
                    <select
                      id={inputId(key)}
                      name={key}
                      class="input"
                      value={drafts[key] ?? ''}
                      disabled={state === 'saving'}
                      aria-describedby={describedBy}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setDrafts((d) => ({ ...d, [key]: value }));
                        if (value !== storedValue(key)) void save(key, value);
                      }}
                    >
                      {zoneGroups.map((group) => (
                        <optgroup key={group.region} label={group.region}>
                          {group.zones.map((zone) => (
                            <option key={zone.value} value={zone.value}>
                              {zone.label}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                  ) : (
                    <input
                      id={inputId(key)}
                      name={key}
                      type={key === START_DATE_KEY ? 'date' : 'text'}
                      inputMode={key === 'target_reviews' ? 'numeric' : undefined}
                      class="input"
                      value={drafts[key] ?? ''}
                      disabled={state === 'saving'}
                      aria-describedby={describedBy}
                      autoComplete="off"
                      spellcheck={false}
                      onInput={(e) => {
                        const value = e.currentTarget.value;
                        setDrafts((d) => ({ ...d, [key]: value }));
                        if (states[key] === 'saved') setStates((s) => ({ ...s, [key]: undefined }));
                      }}
                      onBlur={() => saveIfChanged(key)}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') e.currentTarget.blur();
                      }}
                    />
                  )}
                  <p id={`${inputId(key)}-hint`} class="mt-1 text-xs text-slate-500">
                    {hint}
                  </p>
                  {key === TARGET_KEY && (
                    <TargetSuggestion
                      inputId={inputId(key)}
                      value={drafts[key] ?? ''}
                      busy={state === 'saving'}
                      onUse={(target) => void save(key, String(target))}
                    />
                  )}
                </div>
              );
            })}
            <WallboardSettings stored={storedValue} save={save} busy={(key) => states[key] === 'saving'} />
            {!hasStartDate && (
              <div>
                <div class="flex items-baseline justify-between gap-2">
                  <label for="new-challenge-start-date" class="label">
                    Challenge Start Date
                  </label>
                  <span aria-live="polite" class="text-xs text-slate-500">
                    {states[START_DATE_KEY] === 'saving' ? 'Saving...' : ''}
                  </span>
                </div>
                <input
                  id="new-challenge-start-date"
                  type="date"
                  class="input"
                  value={newStartDate}
                  disabled={states[START_DATE_KEY] === 'saving'}
                  aria-describedby="new-challenge-start-date-hint"
                  onChange={async (e) => {
                    const value = e.currentTarget.value;
                    setNewStartDate(value);
                    if (value && !(await save(START_DATE_KEY, value))) setNewStartDate('');
                  }}
                />
                <p id="new-challenge-start-date-hint" class="mt-1 text-xs text-slate-500">
                  {settingHelp(START_DATE_KEY)} Until it is set, reviews count from the day this dashboard was created.
                </p>
              </div>
            )}
          </div>
        )}
      </Loaded>
    </AdminCard>
  );
}
