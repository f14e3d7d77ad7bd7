import { useState } from 'preact/hooks';
import { afterSignInPath } from '#shared/paths.ts';
import { loginFormErrors, type FieldErrors } from '#shared/rules.ts';
import { ApiError, apiRequest } from './api.ts';
import { DashboardUrlField, Field } from './ui/Field.tsx';
import { Toast, TOAST_BEFORE_LEAVING_MS, useToast } from './ui/toast.tsx';

interface Props {
  initialSlug: string;
  origin: string;
  /** The workspace page the visitor was sent here from (path and query), if any: where the sign-in goes. */
  asked?: string | null;
}

export default function LoginForm({ initialSlug, origin, asked = null }: Props) {
  const [form, setForm] = useState({ slug: initialSlug, password: '' });
  const [errors, setErrors] = useState<FieldErrors<'slug' | 'password'>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const { toast, show, dismiss } = useToast();

  const update = (key: 'slug' | 'password', value: string) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (submitted) setErrors(loginFormErrors(next));
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setSubmitted(true);
    const found = loginFormErrors(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { slug } = await apiRequest<{ slug: string }>('POST', '/api/auth/login', {
        slug: form.slug.trim().toLowerCase(),
        password: form.password,
      });
      show({ title: 'Success', description: 'Logged in successfully', variant: 'success' });
      // The toast is seen before the dashboard replaces this page (issue 27, item 22). A page of the
      // workspace asked for before signing in comes back, with its #fragment (issue 33, item 6).
      const next = afterSignInPath(slug, asked);
      setTimeout(() => window.location.assign(next + window.location.hash), TOAST_BEFORE_LEAVING_MS);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError) {
        show({ title: 'Login failed', description: error.serverMessage ?? 'Invalid credentials', variant: 'destructive' });
      } else {
        show({ title: 'Error', description: 'Failed to authenticate', variant: 'destructive' });
      }
    }
  };

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
        id="password"
        label="Password"
        type="password"
        value={form.password}
        onInput={(e) => update('password', e.currentTarget.value)}
        error={errors.password}
        autoComplete="current-password"
        disabled={busy}
      />
      <p class="-mt-2 text-right text-sm">
        <a
          href={form.slug.trim() ? `/forgot-password?slug=${encodeURIComponent(form.slug.trim().toLowerCase())}` : '/forgot-password'}
          class="font-medium text-brand-600 hover:text-brand-700"
        >
          Forgot password?
        </a>
      </p>
      <button type="submit" class="btn btn-primary w-full" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign In'}
      </button>
      <Toast toast={toast} onDismiss={dismiss} />
    </form>
  );
}
