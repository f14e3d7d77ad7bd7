import { Field } from '../ui/Field.tsx';
import { SelectField } from './SelectField.tsx';
import type { FieldBinding } from './use-request-form.ts';

/** Who logs the request: remembered from the last one. */
export function StaffFields({ input, teams, locked }: { input: FieldBinding; teams: { id: number; name: string }[]; locked: boolean }) {
  return (
    <fieldset class="space-y-5" disabled={locked}>
      <legend class="mb-4 text-base font-semibold text-slate-900">Staff member</legend>
      <div class="grid gap-5 sm:grid-cols-2">
        <Field label="Staff First Name" autoComplete="given-name" {...input('staffFirstName')} />
        <Field label="Staff Email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellcheck={false} {...input('staffEmail')} />
      </div>
      <SelectField
        label="Team"
        emptyLabel={teams.length ? 'Select a team' : 'No teams yet: ask your admin to add one'}
        options={teams.map((t) => ({ value: String(t.id), label: t.name }))}
        {...input('teamId')}
      />
    </fieldset>
  );
}
