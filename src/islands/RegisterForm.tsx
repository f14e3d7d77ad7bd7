import { useState } from 'preact/hooks';
import { registrationFormErrors, suggestSlug, type FieldErrors, type RegistrationForm } from '#shared/rules.ts';
import { ApiError, apiRequest } from './api.ts';
import { DashboardUrlField, Field } from './ui/Field.tsx';
import { Toast, TOAST_BEFORE_LEAVING_MS, useToast } from './ui/toast.tsx';

type Key = keyof RegistrationForm;

const EMPTY: RegistrationForm = {
  slug: '',
  businessName: '',
  email: '',
  password: '',
  confirmPassword: '',
  adminPassword: '',
  confirmAdminPassword: '',
};

export default function RegisterForm({ origin, plan }: { origin: string; plan?: 'starter' | 'team' | 'agency' }) {
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  // The URL follows the business name until the owner types one of their own.
  const [slugTyped, setSlugTyped] = useState(false);
  const { toast, show, dismiss } = useToast();

  const input = (key: Key) => ({
    id: key,
    value: form[key],
    error: errors[key],
    disabled: busy,
    onInput: (e: { currentTarget: HTMLInputElement }) => {
      const value = e.currentTarget.value;
      const next = { ...form, [key]: value };
      // "My Dental" typed as a URL becomes my-dental as it is typed (a trailing hyphen kept while typing on).
      if (key === 'slug') {
        next.slug = value.toLowerCase().replace(/\s+/g, '-');
        setSlugTyped(value !== '');
      }
      if (key === 'businessName' && !slugTyped) next.slug = suggestSlug(value);
      setForm(next);
      if (submitted) setErrors(registrationFormErrors(next));
    },
  });

  const submit = async (event: Event) => {
    event.preventDefault();
    setSubmitted(true);
    const found = registrationFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { slug } = await apiRequest<{ slug: string }>('POST', '/api/register', {
        slug: form.slug,
        businessName: form.businessName.trim(),
        email: form.email.trim(),
        password: form.password,
        adminPassword: form.adminPassword,
        // The workspace's clock starts as the owner's: the week, the challenge's days, the times shown.
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        ...(plan ? { plan } : {}),
      });
      show({ title: 'Registration successful!', description: 'Redirecting to your dashboard...', variant: 'success' });
      setTimeout(() => window.location.assign(`/${slug}`), TOAST_BEFORE_LEAVING_MS);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError) {
        if (error.field && error.serverMessage) setErrors({ [error.field]: error.serverMessage });
        show({ title: 'Registration failed', description: error.serverMessage ?? 'Please try again', variant: 'destructive' });
      } else {
        show({ title: 'Error', description: 'Failed to register. Please try again.', variant: 'destructive' });
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate class="space-y-5">
      <DashboardUrlField
        origin={origin}
        hint="Where your team's wallboard lives and where staff sign in. Filled in from your business name; lowercase letters, numbers and hyphens."
        {...input('slug')}
      />
      <Field label="Business Name" autoComplete="organization" placeholder="Smith & Co Accountants" {...input('businessName')} />
      <Field label="Admin Email" type="email" autoComplete="email" placeholder="you@business.com" {...input('email')} />
      <fieldset class="grid gap-5 sm:grid-cols-2">
        <legend class="sr-only">Staff password</legend>
        <Field label="Staff Password" type="password" autoComplete="new-password" hint="Shared by your team to sign in" {...input('password')} />
        <Field label="Confirm Staff Password" type="password" autoComplete="new-password" {...input('confirmPassword')} />
      </fieldset>
      <fieldset class="grid gap-5 sm:grid-cols-2">
        <legend class="sr-only">Admin panel password</legend>
        <Field
          label="Admin Panel Password"
          type="password"
          autoComplete="new-password"
          hint="Only for managing teams and settings"
          {...input('adminPassword')}
        />
        <Field label="Confirm Admin Password" type="password" autoComplete="new-password" {...input('confirmAdminPassword')} />
      </fieldset>
      <button type="submit" class="btn btn-primary w-full" disabled={busy}>
        {busy ? 'Creating...' : 'Create Dashboard'}
      </button>
      <Toast toast={toast} onDismiss={dismiss} />
    </form>
  );
}
