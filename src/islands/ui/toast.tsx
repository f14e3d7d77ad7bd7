import { useCallback, useEffect, useState } from 'preact/hooks';

/** How long a success toast shows before the page it announces replaces this one (SPEC.md: 1 s after registering). */
export const TOAST_BEFORE_LEAVING_MS = 1000;

export const TOAST_DURATION_MS = 5000;

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success' | 'warning';
}

/** One toast at a time (SPEC.md section 9): a new one replaces the old. */
export function useToast() {
  const [toast, setToast] = useState<(ToastMessage & { id: number }) | null>(null);
  const show = useCallback((message: ToastMessage) => setToast({ ...message, id: Date.now() }), []);
  const dismiss = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(dismiss, TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return { toast, show, dismiss };
}

const VARIANT_CLASSES = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-white text-slate-900',
  /** Done, but not all of it: the page says what is left to do. */
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  destructive: 'border-red-600 bg-red-600 text-white',
};

export function Toast({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  return (
    <div aria-live="polite" class="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:inset-x-auto sm:right-0 sm:justify-end">
      {toast && (
        <div
          role="status"
          data-testid="toast"
          class={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${VARIANT_CLASSES[toast.variant ?? 'default']}`}
        >
          <div class="min-w-0 flex-1">
            <p class="text-sm font-semibold">{toast.title}</p>
            {toast.description && <p class="mt-1 text-sm opacity-90">{toast.description}</p>}
          </div>
          <button type="button" onClick={onDismiss} aria-label="Dismiss" class="rounded p-1 text-current opacity-70 hover:opacity-100">
            <svg viewBox="0 0 20 20" class="h-4 w-4" fill="currentColor" aria-hidden="true">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        </div>
      )}
    </div>
  );
}
