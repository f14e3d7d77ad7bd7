import { useState } from 'preact/hooks';
import { loginRules } from '#shared/rules.ts';
import { ADMIN_FLAG_KEY } from './admin-flag.ts';
import { ApiError, apiRequest } from './api.ts';
import { Field } from './ui/Field.tsx';
import { Toast, TOAST_BEFORE_LEAVING_MS, useToast } from './ui/toast.tsx';

export default function AdminGate() {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const { toast, show, dismiss } = useToast();

  const submit = async (event: Event) => {
    event.preventDefault();
    const problem = loginRules.password(password);
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await apiRequest('POST', '/api/auth/admin', { password });
      localStorage.setItem(ADMIN_FLAG_KEY, 'true');
      show({ title: 'Access Granted', variant: 'success' });
      setTimeout(() => window.location.reload(), TOAST_BEFORE_LEAVING_MS);
    } catch (failure) {
      setBusy(false);
      localStorage.removeItem(ADMIN_FLAG_KEY);
      if (failure instanceof ApiError) {
        show({ title: 'Access Denied', description: failure.serverMessage ?? 'Incorrect password', variant: 'destructive' });
      } else {
        show({ title: 'Error', description: 'Failed to authenticate', variant: 'destructive' });
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate class="space-y-5">
      <Field
        id="admin-password"
        label="Admin password"
        type="password"
        autoComplete="current-password"
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
        error={error}
        disabled={busy}
        autoFocus
      />
      <button type="submit" class="btn btn-primary w-full" disabled={busy}>
        Access Admin Panel
      </button>
      <Toast toast={toast} onDismiss={dismiss} />
    </form>
  );
}
