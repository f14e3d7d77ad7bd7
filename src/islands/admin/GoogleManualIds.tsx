import { useState } from 'preact/hooks';
import { checkSettingValue } from '#shared/settings-rules.ts';
import { ApiError } from '../api.ts';
import type { GoogleStatus } from '../gmb/google-profile.ts';
import { Field } from '../ui/Field.tsx';
import { adminRequest, showFailure } from './admin-api.ts';

/** The two settings typed by hand when discovery is blocked (SPEC.md section 5: numeric, 18+ digits). */
const ID_FIELDS = { gmb_account_id: 'Account ID', gmb_location_id: 'Location ID' } as const;
type IdKey = keyof typeof ID_FIELDS;
type IdDrafts = Record<IdKey, string>;
const ID_KEYS = Object.keys(ID_FIELDS) as IdKey[];
const ID_HINT = 'Numbers only, 18 digits or more. Saved when you leave the field.';

/**
 * The manual Account ID and Location ID inputs, saved on each change: checked here by the server's
 * own settings rule first (decision 006), and a refusal of the server shown under the field.
 */
export function GoogleManualIds({ status, onSaved }: { status: GoogleStatus; onSaved: () => void }) {
  const initial: IdDrafts = { gmb_account_id: status.accountId ?? '', gmb_location_id: status.locationId ?? '' };
  const [drafts, setDrafts] = useState<IdDrafts>(initial);
  const [stored, setStored] = useState<IdDrafts>(initial);
  const [errors, setErrors] = useState<Partial<Record<IdKey, string>>>({});
  const [states, setStates] = useState<Partial<Record<IdKey, 'saving' | 'saved'>>>({});

  const save = async (key: IdKey) => {
    const value = drafts[key].trim();
    if (value === stored[key] || states[key] === 'saving') return;
    const checked = checkSettingValue(key, value);
    if (!checked.ok) {
      setErrors((e) => ({ ...e, [key]: checked.message }));
      return;
    }
    setStates((s) => ({ ...s, [key]: 'saving' }));
    try {
      const setting = await adminRequest<{ key: string; value: string }>('PUT', `/api/settings/${key}`, { value: checked.value });
      setStored((s) => ({ ...s, [key]: setting.value }));
      setDrafts((d) => ({ ...d, [key]: setting.value }));
      setStates((s) => ({ ...s, [key]: 'saved' }));
      onSaved();
    } catch (error) {
      setStates((s) => ({ ...s, [key]: undefined }));
      if (error instanceof ApiError && error.status === 400 && error.serverMessage) setErrors((e) => ({ ...e, [key]: error.serverMessage }));
      else showFailure('Failed to update setting', error);
    }
  };

  return (
    <div class="grid gap-4 sm:grid-cols-2">
      {ID_KEYS.map((key) => {
        const state = states[key];
        return (
          <Field
            key={key}
            id={key.replace(/_/g, '-')}
            label={ID_FIELDS[key]}
            error={errors[key]}
            hint={state === 'saving' ? 'Saving...' : state === 'saved' ? 'Saved' : ID_HINT}
            value={drafts[key]}
            inputMode="numeric"
            autoComplete="off"
            spellcheck={false}
            placeholder="123456789012345678"
            disabled={state === 'saving'}
            class="input font-mono"
            onInput={(e) => {
              const value = e.currentTarget.value;
              setDrafts((d) => ({ ...d, [key]: value }));
              if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
              if (state === 'saved') setStates((s) => ({ ...s, [key]: undefined }));
            }}
            onBlur={() => void save(key)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
          />
        );
      })}
    </div>
  );
}
