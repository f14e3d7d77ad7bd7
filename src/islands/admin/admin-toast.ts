import { useEffect, useState } from 'preact/hooks';
import { TOAST_DURATION_MS, type ToastMessage } from '../ui/toast.tsx';

// One toast for the whole admin panel (SPEC.md section 9: one at a time), shared by every admin card:
// islands on one page share this module, so any card can show a toast and AdminToaster renders it.

export type ShownToast = ToastMessage & { id: number };
type Listener = (toast: ShownToast | null) => void;

let current: ShownToast | null = null;
let sequence = 0;
const listeners = new Set<Listener>();

function publish(toast: ShownToast | null) {
  current = toast;
  for (const listener of listeners) listener(toast);
}

export function showAdminToast(message: ToastMessage): void {
  sequence += 1;
  publish({ ...message, id: sequence });
}

export function dismissAdminToast(): void {
  publish(null);
}

/** The toast on screen now; it goes away by itself after the spec's 5 seconds. */
export function useAdminToast(): ShownToast | null {
  const [toast, setToast] = useState<ShownToast | null>(current);
  useEffect(() => {
    listeners.add(setToast);
    setToast(current);
    return () => {
      listeners.delete(setToast);
    };
  }, []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => {
      if (current?.id === toast.id) dismissAdminToast();
    }, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return toast;
}
