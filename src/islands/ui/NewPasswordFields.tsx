import type { FieldErrors, NewPasswordsForm } from '#shared/rules.ts';
import { Field } from './Field.tsx';

interface Props {
  form: NewPasswordsForm;
  errors: FieldErrors<keyof NewPasswordsForm>;
  disabled: boolean;
  onChange: (next: NewPasswordsForm) => void;
  /** Which pairs to show (the reset page shows both). */
  show?: 'both' | 'staff' | 'admin';
  /** Prefix for the inputs' ids, when a page shows several of these. */
  idPrefix?: string;
}

/** The staff and admin password pairs (new + confirmation), laid out like the registration form. */
export function NewPasswordFields({ form, errors, disabled, onChange, show = 'both', idPrefix = '' }: Props) {
  const input = (key: keyof NewPasswordsForm) => ({
    id: `${idPrefix}${key}`,
    value: form[key],
    error: errors[key],
    disabled,
    type: 'password',
    autoComplete: 'new-password',
    onInput: (e: { currentTarget: HTMLInputElement }) => onChange({ ...form, [key]: e.currentTarget.value }),
  });
  return (
    <>
      {show !== 'admin' && (
        <fieldset class="grid gap-5 sm:grid-cols-2">
          <legend class="sr-only">Staff password</legend>
          <Field label="New Staff Password" hint="Shared by your team to sign in" {...input('staffPassword')} />
          <Field label="Confirm Staff Password" {...input('confirmStaffPassword')} />
        </fieldset>
      )}
      {show !== 'staff' && (
        <fieldset class="grid gap-5 sm:grid-cols-2">
          <legend class="sr-only">Admin panel password</legend>
          <Field label="New Admin Panel Password" hint="Only for managing teams and settings" {...input('adminPassword')} />
          <Field label="Confirm Admin Password" {...input('confirmAdminPassword')} />
        </fieldset>
      )}
    </>
  );
}
