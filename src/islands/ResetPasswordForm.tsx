import { useState } from 'preact/hooks';
import { newPasswordsFormErrors, type FieldErrors, type NewPasswordsForm } from '#shared/rules.ts';
import { ApiError, apiRequest } from './api.ts';
import { NewPasswordFields } from './ui/NewPasswordFields.tsx';
import { Toast, useToast } from './ui/toast.tsx';

const EMPTY: NewPasswordsForm = { staffPassword: '', confirmStaffPassword: '', adminPassword: '', confirmAdminPassword: '' };

/** New passwords from a reset link: either or both, each with its confirmation. */
export default function ResetPasswordForm({ token, slug }: { token: string; slug: string }) {
  const [form, setForm] = useState<NewPasswordsForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<keyof NewPasswordsForm>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ message: string } | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const { toast, show, dismiss } = useToast();

  const change = (next: NewPasswordsForm) => {
    setForm(next);
    if (submitted) setErrors(newPasswordsFormErrors(next));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setSubmitted(true);
    const found = newPasswordsFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await apiRequest<{ message: string }>('POST', '/api/auth/reset-password', {
        token,
        ...(form.staffPassword ? { staffPassword: form.staffPassword } : {}),
        ...(form.adminPassword ? { adminPassword: form.adminPassword } : {}),
      });
      setDone(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && !error.field) {
        setLinkProblem(error.serverMessage ?? 'This reset link no longer works.');
      } else if (error instanceof ApiError) {
        if (error.field && error.serverMessage) setErrors({ [error.field]: error.serverMessage });
        show({ title: 'Could not save the new password', description: error.serverMessage ?? 'Please try again', variant: 'destructive' });
      } else {
        show({ title: 'Error', description: 'Could not reach the server. Please try again.', variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div role="status" class="rounded-xl border border-emerald-200 bg-emerald-50 p-4">
        <p class="text-sm font-semibold text-emerald-900">Password changed</p>
        <p class="mt-1 text-sm text-emerald-800">{done.message}</p>
        <a href={`/login?slug=${encodeURIComponent(slug)}`} class="btn btn-primary mt-4 w-full">
          Sign in
        </a>
      </div>
    );
  }

  if (linkProblem) {
    return (
      <div role="alert" class="rounded-xl border border-amber-200 bg-amber-50 p-4">
        <p class="text-sm text-amber-900">{linkProblem}</p>
        <a href={`/forgot-password?slug=${encodeURIComponent(slug)}`} class="btn btn-primary mt-4 w-full">
          Ask for a new link
        </a>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate class="space-y-5">
      <NewPasswordFields form={form} errors={errors} disabled={busy} onChange={change} />
      <button type="submit" class="btn btn-primary w-full" disabled={busy}>
        {busy ? 'Saving...' : 'Save new password'}
      </button>
      <Toast toast={toast} onDismiss={dismiss} />
    </form>
  );
}
