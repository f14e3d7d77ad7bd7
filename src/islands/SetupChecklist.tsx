import { useEffect, useState } from 'preact/hooks';
import type { SetupChecklistAnswer as Answer, SetupStepId } from '#domain/workspace/setup-checklist.ts';
import { adminPath } from '#shared/admin-sections.ts';
import { ApiError, apiRequest } from './api.ts';

interface Props {
  slug: string;
  initial: Answer;
  /**
   * On the wallboard: one slim strip above the board (the next step, and where to find the rest)
   * that goes once the wallboard has a TV link or every step is done, never covering the board. In
   * the admin panel: the whole list, which stays.
   */
  strip?: boolean;
}

/** How often the list re-reads the stored state while a step is left (the owner works in other tabs). */
const REFRESH_MS = 4000;

/** A step's card in the admin panel: the link lands on it, through sign-in and the admin password if need be. */
const admin = (slug: string, card: string) => adminPath(slug, `card-${card}`);

function stepText(
  id: SetupStepId,
  slug: string,
  { emailConfigured, suggestedTarget }: Answer,
): { title: string; help: string; href?: string; action?: string } {
  switch (id) {
    case 'teams':
      return {
        title: 'Add your teams',
        help: 'Create the teams that will compete, for example Front Desk and Advisory.',
        href: admin(slug, 'team-management'),
        action: 'Add teams',
      };
    case 'target':
      return {
        title: 'Set a target',
        help: `How many reviews the challenge aims for: the wallboard's progress bar fills up to it. For your teams, about ${suggestedTarget} is a good first target (target reviews in Global Settings).`,
        href: admin(slug, 'global-settings'),
        action: 'Set the target',
      };
    case 'review_link':
      return {
        title: 'Add your Google review link',
        help: 'Paste the link your customers use to review you on Google (google review link in Global Settings), or connect your Google Business Profile.',
        href: admin(slug, 'global-settings'),
        action: 'Add the link',
      };
    case 'email_template':
      return {
        title: 'Write your request email',
        help: 'Start from a ready-made email with its phone script, or write your own: staff choose it when they log a request.',
        href: admin(slug, 'email-templates'),
        action: 'Write it',
      };
    case 'email_delivery':
      return emailConfigured
        ? { title: 'Email sending is on', help: 'Review requests are emailed to your customers.' }
        : {
            title: 'Choose how review links reach customers',
            help: 'This workspace does not send email yet. Staff can copy each customer’s review link and send it by text message or from their own email.',
          };
    case 'tv_link':
      return {
        title: 'Put the wallboard on your office TV',
        help: 'Create a share link and open it in the TV’s browser: no sign-in needed on the TV.',
        href: admin(slug, 'wallboard-share-links'),
        action: 'Create a TV link',
      };
    case 'test_review':
      return {
        title: 'Celebrate a test review',
        help: 'Send a test review and watch the wallboard celebrate it.',
        href: admin(slug, 'test-review'),
        action: 'Send a test review',
      };
  }
}

/** The set-up checklist of a new workspace (issue 12, "a guided first run"). */
export default function SetupChecklist({ slug, initial, strip = false }: Props) {
  const [checklist, setChecklist] = useState<Answer>(initial);
  const [choosing, setChoosing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = async () => {
    try {
      setChecklist(await apiRequest<Answer>('GET', '/api/setup-checklist'));
    } catch {
      // Kept as it was: the next refresh tries again.
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the checklist becomes complete; refresh is new on every render
  useEffect(() => {
    if (checklist.complete) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, REFRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [checklist.complete]);

  const chooseCopyLinkMode = async () => {
    setChoosing(true);
    setProblem(null);
    try {
      await apiRequest('PUT', '/api/settings/setup_copy_link_mode', { value: 'yes' });
      await refresh();
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.status === 403
          ? 'Only the admin can choose this: open the Admin panel first.'
          : 'That did not work. Please try again.',
      );
    } finally {
      setChoosing(false);
    }
  };

  if (strip) {
    const onTv = checklist.steps.some((step) => step.id === 'tv_link' && step.done);
    const next = checklist.steps.find((step) => !step.done);
    if (checklist.complete || onTv || !next) return null;
    const text = stepText(next.id, slug, checklist);
    return (
      // 3rem tall on a large screen, its border included: the board gives up exactly that (global.css).
      <section aria-labelledby="setup-heading" class="border-b border-white/10 bg-indigo-950 text-white lg:h-12" data-setup-strip data-testid="setup-checklist">
        <div class="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm lg:h-full lg:flex-nowrap lg:py-0">
          <h2 id="setup-heading" class="font-semibold whitespace-nowrap">
            Get set up
          </h2>
          <p class="whitespace-nowrap text-indigo-200" aria-live="polite">
            {checklist.done} of {checklist.steps.length} steps done
          </p>
          <p class="min-w-0 basis-full text-indigo-100 sm:flex-1 sm:basis-0 lg:truncate" data-step={next.id}>
            Next: {text.title}
          </p>
          {text.href && (
            <a
              href={text.href}
              class="btn min-h-9 bg-white px-3 py-1.5 text-sm whitespace-nowrap text-indigo-950 hover:bg-indigo-100 focus-visible:outline-white"
            >
              {text.action}
            </a>
          )}
          <a href={adminPath(slug, 'setup')} class="whitespace-nowrap text-indigo-100 underline hover:text-white">
            All steps
          </a>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="setup-heading" class="card p-5 sm:p-6" data-testid="setup-checklist">
      <div class="flex flex-wrap items-baseline justify-between gap-2">
        {/* Under the admin panel's "Set-up" section heading (h2). */}
        <h3 id="setup-heading" class="text-lg font-semibold text-slate-900">
          {checklist.complete ? 'You are all set' : 'Get set up'}
        </h3>
        <p class="text-sm text-slate-600" aria-live="polite">
          {checklist.done} of {checklist.steps.length} steps done
        </p>
      </div>
      <div class="mt-3 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div class="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${(checklist.done / checklist.steps.length) * 100}%` }} />
      </div>
      <ol class="mt-4 divide-y divide-slate-100">
        {checklist.steps.map((step, index) => {
          const text = stepText(step.id, slug, checklist);
          return (
            <li key={step.id} class="flex items-start gap-3 py-3" data-step={step.id} data-done={step.done ? 'yes' : 'no'}>
              <span
                class={`mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${
                  step.done ? 'bg-emerald-600 text-white' : 'border-2 border-slate-300 text-slate-600'
                }`}
                aria-hidden="true"
              >
                {step.done ? '✓' : index + 1}
              </span>
              <div class="min-w-0 flex-1">
                <p class={`font-medium ${step.done ? 'text-slate-500 line-through decoration-slate-400' : 'text-slate-900'}`}>
                  {text.title}
                  <span class="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                </p>
                {!step.done && <p class="mt-0.5 text-sm text-slate-600">{text.help}</p>}
                {!step.done && text.href && (
                  <a href={text.href} class="btn btn-secondary mt-2 min-h-11">
                    {text.action}
                  </a>
                )}
                {!step.done && step.id === 'email_delivery' && (
                  <div class="mt-2">
                    <button type="button" class="btn btn-secondary min-h-11" onClick={() => void chooseCopyLinkMode()} disabled={choosing}>
                      {choosing ? 'Saving...' : 'Use copy-the-link mode'}
                    </button>
                    {problem && (
                      <p role="alert" class="field-error">
                        {problem}
                      </p>
                    )}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
