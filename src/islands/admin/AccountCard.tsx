import { useState } from 'preact/hooks';
import { accountFormErrors, CURRENT_ADMIN_PASSWORD_MISSING, newPasswordsFormErrors, type FieldErrors, type NewPasswordsForm } from '#shared/rules.ts';
import { ApiError } from '../api.ts';
import { Field } from '../ui/Field.tsx';
import { AdminCard } from './AdminCard.tsx';
import { adminRequest, showFailure } from './admin-api.ts';
import { showAdminToast } from './admin-toast.ts';

interface Account {
  businessName: string;
  email: string;
}

type Which = 'staff' | 'admin';

const PASSWORD_TEXT: Record<Which, { heading: string; note: string; label: string; confirm: string; button: string; done: string; doneNote: string }> = {
  staff: {
    heading: 'Staff password',
    note: 'Changing it signs out everyone else.',
    label: 'New Staff Password',
    confirm: 'Confirm Staff Password',
    button: 'Change staff password',
    done: 'Staff password changed',
    doneNote: 'Everyone else signed in with the old password was signed out.',
  },
  admin: {
    heading: 'Admin password',
    note: 'Changing it locks the panel on other browsers.',
    label: 'New Admin Panel Password',
    confirm: 'Confirm Admin Password',
    button: 'Change admin password',
    done: 'Admin password changed',
    doneNote: 'Other browsers need the new password to open the admin panel.',
  },
};

const EMPTY: NewPasswordsForm = { staffPassword: '', confirmStaffPassword: '', adminPassword: '', confirmAdminPassword: '' };

/** The workspace's business name, admin email (where reset links go) and its two passwords. */
export default function AccountCard({ businessName, email }: Account) {
  const [saved, setSaved] = useState<Account>({ businessName, email });
  const [details, setDetails] = useState<Account>({ businessName, email });
  const [detailErrors, setDetailErrors] = useState<FieldErrors<keyof Account | 'currentAdminPassword'>>({});
  const [savingDetails, setSavingDetails] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');

  const newEmail = details.email.trim().toLowerCase() !== saved.email.toLowerCase();
  const changed = details.businessName.trim() !== saved.businessName || details.email.trim() !== saved.email;

  const saveDetails = async (event: Event) => {
    event.preventDefault();
    const found: FieldErrors<keyof Account | 'currentAdminPassword'> = accountFormErrors(details);
    if (newEmail && !currentPassword) found.currentAdminPassword = CURRENT_ADMIN_PASSWORD_MISSING;
    setDetailErrors(found);
    if (Object.keys(found).length > 0 || !changed) return;
    setSavingDetails(true);
    try {
      const account = await adminRequest<Account>('PUT', '/api/admin/account', {
        businessName: details.businessName.trim(),
        email: details.email.trim(),
        ...(newEmail ? { currentAdminPassword: currentPassword } : {}),
      });
      setSaved(account);
      setDetails(account);
      setCurrentPassword('');
      // The panel's header shows the business name too.
      const heading = document.getElementById('admin-business-name');
      if (heading) heading.textContent = account.businessName;
      showAdminToast({ title: 'Account updated', description: 'Business name and admin email saved.', variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.field && error.serverMessage) setDetailErrors({ [error.field]: error.serverMessage });
      showFailure('Failed to update account', error);
    } finally {
      setSavingDetails(false);
    }
  };

  return (
    <AdminCard
      title="Account"
      description="Your business details and the two passwords. Reset links for forgotten passwords go to the admin email."
      class="lg:col-span-2"
    >
      <div class="grid gap-6 lg:grid-cols-3 lg:gap-16">
        <form onSubmit={saveDetails} noValidate class="flex flex-col gap-4">
          <div class="lg:min-h-11">
            <h4 class="text-sm font-semibold text-slate-900">Business details</h4>
            <p class="mt-0.5 text-xs text-slate-500">Shown on the wallboard and in customer emails.</p>
          </div>
          <Field
            id="account-businessName"
            label="Business Name"
            autoComplete="organization"
            value={details.businessName}
            error={detailErrors.businessName}
            disabled={savingDetails}
            onInput={(e) => setDetails({ ...details, businessName: e.currentTarget.value })}
          />
          <Field
            id="account-email"
            label="Admin Email"
            type="email"
            autoComplete="email"
            value={details.email}
            error={detailErrors.email}
            disabled={savingDetails}
            onInput={(e) => setDetails({ ...details, email: e.currentTarget.value })}
          />
          {newEmail && (
            <Field
              id="account-currentAdminPassword"
              label="Current Admin Password"
              type="password"
              autoComplete="current-password"
              hint="A new admin email needs it. The old address is told of the change."
              value={currentPassword}
              error={detailErrors.currentAdminPassword}
              disabled={savingDetails}
              onInput={(e) => setCurrentPassword(e.currentTarget.value)}
            />
          )}
          <button type="submit" class="btn btn-primary mt-auto self-start" disabled={savingDetails || !changed}>
            {savingDetails ? 'Saving...' : 'Save details'}
          </button>
        </form>
        <PasswordForm which="staff" />
        <PasswordForm which="admin" />
      </div>
    </AdminCard>
  );
}

function PasswordForm({ which }: { which: Which }) {
  const text = PASSWORD_TEXT[which];
  const [form, setForm] = useState<NewPasswordsForm>(EMPTY);
  const [currentPassword, setCurrentPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<keyof NewPasswordsForm | 'currentAdminPassword'>>({});
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const password = which === 'staff' ? 'staffPassword' : 'adminPassword';
  const confirm = which === 'staff' ? 'confirmStaffPassword' : 'confirmAdminPassword';

  const problems = (next: NewPasswordsForm, current: string) => {
    const found: FieldErrors<keyof NewPasswordsForm | 'currentAdminPassword'> = newPasswordsFormErrors(next, which);
    if (!current) found.currentAdminPassword = CURRENT_ADMIN_PASSWORD_MISSING;
    return found;
  };

  const update = (key: keyof NewPasswordsForm, value: string) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (submitted) setErrors(problems(next, currentPassword));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setSubmitted(true);
    const found = problems(form, currentPassword);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await adminRequest('PUT', '/api/admin/passwords', { [password]: form[password], currentAdminPassword: currentPassword });
      setForm(EMPTY);
      setCurrentPassword('');
      setSubmitted(false);
      showAdminToast({ title: text.done, description: text.doneNote, variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && (error.field === password || error.field === 'currentAdminPassword') && error.serverMessage)
        setErrors({ [error.field]: error.serverMessage });
      showFailure('Failed to change password', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      class="relative flex flex-col gap-4 border-t border-slate-200 pt-6 lg:border-t-0 lg:pt-0 lg:before:absolute lg:before:inset-y-0 lg:before:-left-8 lg:before:border-l lg:before:border-slate-200"
    >
      <div class="lg:min-h-11">
        <h4 class="text-sm font-semibold text-slate-900">{text.heading}</h4>
        <p class="mt-0.5 text-xs text-slate-500">{text.note}</p>
      </div>
      <Field
        id={`account-${password}`}
        label={text.label}
        type="password"
        autoComplete="new-password"
        value={form[password]}
        error={errors[password]}
        disabled={saving}
        onInput={(e) => update(password, e.currentTarget.value)}
      />
      <Field
        id={`account-${confirm}`}
        label={text.confirm}
        type="password"
        autoComplete="new-password"
        value={form[confirm]}
        error={errors[confirm]}
        disabled={saving}
        onInput={(e) => update(confirm, e.currentTarget.value)}
      />
      <Field
        id={`account-${which}-currentAdminPassword`}
        label="Current Admin Password"
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        error={errors.currentAdminPassword}
        disabled={saving}
        onInput={(e) => {
          setCurrentPassword(e.currentTarget.value);
          if (submitted) setErrors(problems(form, e.currentTarget.value));
        }}
      />
      <button type="submit" class="btn btn-secondary mt-auto self-start" disabled={saving}>
        {saving ? 'Saving...' : text.button}
      </button>
    </form>
  );
}
