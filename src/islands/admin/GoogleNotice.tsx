import type { ComponentChildren } from 'preact';

const TONES = {
  amber: 'border-amber-200 bg-amber-50 text-amber-900',
  red: 'border-red-200 bg-red-50 text-red-900',
  slate: 'border-slate-200 bg-slate-50 text-slate-800',
};

/** A boxed note with a title: what is wrong with the connection, or what is still to do. */
export function GoogleNotice({ tone, title, children }: { tone: keyof typeof TONES; title: string; children: ComponentChildren }) {
  return (
    <div class={`rounded-xl border p-4 text-sm ${TONES[tone]}`}>
      <p class="font-semibold">{title}</p>
      <div class="mt-1 space-y-2 opacity-90">{children}</div>
    </div>
  );
}
