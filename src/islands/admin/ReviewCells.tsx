import { reviewSourceLabel } from '#shared/review-labels.ts';

const SOURCE_CLASSES: Record<string, string> = {
  google: 'bg-blue-50 text-blue-700 ring-blue-600/20',
  crm: 'bg-violet-50 text-violet-700 ring-violet-600/20',
  test: 'bg-slate-100 text-slate-600 ring-slate-500/20',
};

/** Where the review came from (Google, the CRM, a test), with the CRM's platform when it named one. */
export function SourceChip({ source, platform, inline = false }: { source: string; platform: string | null; inline?: boolean }) {
  return (
    <span
      class={`${inline ? '' : 'mt-1'} inline-flex items-center rounded px-1.5 py-0.5 text-[11px] font-semibold ring-1 ring-inset ${SOURCE_CLASSES[source] ?? SOURCE_CLASSES.test}`}
      title="Where the review came from"
    >
      {reviewSourceLabel(source)}
      {platform && <span class="font-normal"> · {platform}</span>}
    </span>
  );
}

/** The review's text, three lines at most (the whole of a long one on hover). */
export function Comment({ text }: { text: string | null }) {
  if (!text) return <p class="text-sm text-slate-400 italic">No comment</p>;
  return (
    <p class="line-clamp-3 text-sm break-words whitespace-pre-line text-slate-700" title={text.length > 140 ? text : undefined}>
      {text}
    </p>
  );
}
