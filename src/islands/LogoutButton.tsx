import { useState } from 'preact/hooks';
import { apiRequest } from './api.ts';
import { ADMIN_FLAG_KEY } from './admin-flag.ts';
import { Toast, useToast } from './ui/toast.tsx';

const REDIRECT_DELAY_MS = 500;

export default function LogoutButton({ label = 'Logout', class: className = 'btn btn-secondary' }: { label?: string; class?: string }) {
  const [busy, setBusy] = useState(false);
  const { toast, show, dismiss } = useToast();

  const logout = async () => {
    setBusy(true);
    try {
      await apiRequest('POST', '/api/auth/logout');
      localStorage.removeItem(ADMIN_FLAG_KEY);
      show({ title: 'Logged Out', variant: 'success' });
      setTimeout(() => window.location.assign('/'), REDIRECT_DELAY_MS);
    } catch {
      setBusy(false);
      show({ title: 'Logout Error', description: 'Failed to logout properly', variant: 'destructive' });
    }
  };

  return (
    <>
      <button type="button" class={className} onClick={logout} disabled={busy}>
        {label}
      </button>
      <Toast toast={toast} onDismiss={dismiss} />
    </>
  );
}
