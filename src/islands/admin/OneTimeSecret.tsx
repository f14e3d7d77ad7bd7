import type { ComponentChildren } from 'preact';
import { useCopy } from './use-copy.ts';

/** A key or secret shown once, right after it was made: copy it now, then hide it. */
export function OneTimeSecret({
  title,
  note,
  value,
  testId,
  what,
  onHide,
}: {
  title: string;
  note: ComponentChildren;
  value: string;
  testId: string;
  what: string;
  onHide: () => void;
}) {
  const { box, copied, copy } = useCopy(what);
  return (
    <div class="mt-4 rounded-xl border border-emerald-200 bg-emerald-50 p-4" role="status">
      <p class="text-sm font-semibold text-emerald-900">{title}</p>
      <p class="mt-1 text-xs text-emerald-800">{note}</p>
      <div class="mt-3 flex items-start gap-2">
        <code
          ref={box}
          class="block min-w-0 flex-1 rounded-lg border border-emerald-200 bg-white px-3 py-2.5 font-mono text-xs break-all text-slate-900 select-all"
          data-testid={testId}
        >
          {value}
        </code>
        <button type="button" class="btn btn-secondary shrink-0" onClick={() => void copy(value)}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <button type="button" class="mt-3 text-xs font-semibold text-emerald-900 underline hover:no-underline" onClick={onHide}>
        I have copied it, hide it
      </button>
    </div>
  );
}
