import type { LogTemplate } from './fill.ts';

const PLACEHOLDER = /(\{(?:firstName|lastName|fullName|staffFirstName|companyName)\})/;

/** The chosen template's phone script beside the form, its placeholders still to fill marked. */
export function PhoneScript({ template, script }: { template: LogTemplate | undefined; script: string | null }) {
  return (
    <aside class="card p-5 sm:p-7 lg:sticky lg:top-6" aria-labelledby="script-heading">
      <div class="flex items-center gap-2">
        <svg viewBox="0 0 20 20" fill="currentColor" class="h-5 w-5 text-brand-600" aria-hidden="true">
          <path
            fill-rule="evenodd"
            d="M2 3.5A1.5 1.5 0 0 1 3.5 2h1.148a1.5 1.5 0 0 1 1.465 1.175l.513 2.31a1.5 1.5 0 0 1-.71 1.614l-.97.548a8.5 8.5 0 0 0 5.407 5.407l.548-.97a1.5 1.5 0 0 1 1.614-.71l2.31.513A1.5 1.5 0 0 1 18 15.352V16.5a1.5 1.5 0 0 1-1.5 1.5H15C7.82 18 2 12.18 2 5V3.5Z"
            clip-rule="evenodd"
          />
        </svg>
        <h2 id="script-heading" class="text-base font-semibold text-slate-900">
          Phone Script
        </h2>
      </div>
      {script ? (
        <div data-testid="phone-script">
          <p class="mt-1 text-xs font-medium [overflow-wrap:anywhere] text-slate-500">{template?.name}</p>
          <p class="mt-4 rounded-xl bg-brand-50 p-4 text-[0.95rem] leading-relaxed [overflow-wrap:anywhere] whitespace-pre-line text-slate-900">
            {script.split(PLACEHOLDER).map((part, i) =>
              i % 2 ? (
                <mark key={i} class="rounded bg-amber-100 px-0.5 text-amber-900">
                  {part}
                </mark>
              ) : (
                part
              ),
            )}
          </p>
        </div>
      ) : (
        <div class="mt-4 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center" data-testid="phone-script">
          <p class="text-sm font-medium text-slate-700">No phone script available</p>
          <p class="mt-1 text-sm text-slate-500">
            {template ? `The template "${template.name}" has no phone script` : 'Select a template to view the phone script'}
          </p>
        </div>
      )}
    </aside>
  );
}
