import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

interface DialogProps {
  open: boolean;
  title: string;
  description?: string;
  onClose: () => void;
  /** A wider dialog (max-w-2xl instead of max-w-md), for forms with long text such as an email body. */
  wide?: boolean;
  children: ComponentChildren;
}

/**
 * A modal on the native <dialog>: focus moves inside and stays there, Escape and a click on the
 * backdrop close it, and focus returns to what had it before (the button that opened it).
 */
export function Dialog({ open, title, description, onClose, wide = false, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click closes on the backdrop; the keyboard closes a dialog with Escape
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      class={`m-auto w-[calc(100%-2rem)] ${wide ? 'max-w-2xl' : 'max-w-md'} rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        if (open) onClose();
        returnTo.current?.focus();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div class="p-6">
          <h2 id={titleId} class="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} class="mt-1 text-sm text-slate-600">
              {description}
            </p>
          )}
          <div class="mt-5">{children}</div>
        </div>
      )}
    </dialog>
  );
}

/** A dialog form's Cancel and submit buttons (the submit button is the form's own). */
export function DialogActions(props: { onCancel: () => void; busy: boolean; disabled?: boolean; label: string; busyLabel: string }) {
  return (
    <div class="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
      <button type="button" class="btn btn-secondary" onClick={props.onCancel} disabled={props.busy}>
        Cancel
      </button>
      <button type="submit" class="btn btn-primary" disabled={props.busy || props.disabled}>
        {props.busy ? props.busyLabel : props.label}
      </button>
    </div>
  );
}
