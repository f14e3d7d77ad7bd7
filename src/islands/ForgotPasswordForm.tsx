import { useState } from 'preact/hooks';
import { forgotPasswordFormErrors, type FieldErrors } from '#shared/rules.ts';
import { ApiError, apiRequest } from './api.ts';
import { DashboardUrlField, Field } from './ui/Field.tsx';
import { Toast, useToast } from './ui/toast.tsx';

interface Props {
  initialSlug: string;
  origin: string;
}

type Key = 'slug' | 'email';

/** Asks for a reset link; the answer is the same whether or not an account matched. */
export default function ForgotPasswordForm({ initialSlug, origin }: Props) {
  const [form, setForm] = useState({ slug: initialSlug, email: '' });
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const { toast, show, dismiss } = useToast();

  const update = (key: Key, value: string) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (submitted) setErrors(forgotPasswordFormErrors(next));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setSubmitted(true);
    const found = forgotPasswordFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { message } = await apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', {
        slug: form.slug.trim().toLowerCase(),
        email: form.email.trim(),
      });
      setConfirmation(message);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.field && error.serverMessage) setErrors({ [error.field]: error.serverMessage });
        show({ title: 'Could not send the link', description: error.serverMessage ?? 'Please try again', variant: 'destructive' });
      } else {
        show({ title: 'Error', description: 'Could not reach the server. Please try again.', variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  if (confirmation) {
    return (
      <div role="status" class="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
        <p class="text-sm font-semibold text-emerald-900">Check your email</p>
        <p class="mt-1 text-sm text-emerald-800" data-testid="forgot-confirmation">
          {confirmation}
        </p>
        <p class="mt-3 text-xs text-emerald-800">
          No email after a few minutes? Check your spam folder, or make sure the dashboard URL and admin email are right.
        </p>
        <button type="button" class="btn btn-secondary mt-4" onClick={() => setConfirmation(null)}>
          Try again
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate class="space-y-5">
      <DashboardUrlField
        id="slug"
        origin={origin}
        value={form.slug}
        onInput={(e) => update('slug', e.currentTarget.value)}
        error={errors.slug}
        autoComplete="username"
        disabled={busy}
      />
      <Field
        id="email"
        label="Admin Email"
        type="email"
        value={form.email}
        onInput={(e) => update('email', e.currentTarget.value)}
        error={errors.email}
        autoComplete="email"
        placeholder="you@business.com"
        disabled={busy}
      />
      <button type="submit" class="btn btn-primary w-full" disabled={busy}>
        {busy ? 'Sending...' : 'Send reset link'}
      </button>
      <Toast toast={toast} onDismiss={dismiss} />
    </form>
  );
}
