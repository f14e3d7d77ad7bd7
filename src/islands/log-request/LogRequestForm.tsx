import { useRef, useState } from 'preact/hooks';
import { localDateOf } from '#shared/time.ts';
import { INTERACTION_DATE_FUTURE, interactionDateProblem, logRequestFormErrors, type FieldErrors, type LogRequestForm as Form } from '#shared/rules.ts';
import { ApiError, apiRequest } from '../api.ts';
import { BodyEditor } from './BodyEditor.tsx';
import { clearedDraft, editedBody, EMPTY_DRAFT, filledPhoneScript, nextDraft, timingTipFor, type Draft, type LogTemplate } from './fill.ts';
import { FollowUps } from './FollowUps.tsx';
import type { EditorHandle } from './quill-editor.ts';
import { SelectField } from './SelectField.tsx';
import { rememberStaff } from './staff-cookies.ts';
import { Field } from '../ui/Field.tsx';
import { Toast, useToast } from '../ui/toast.tsx';

interface Props {
  companyName: string;
  /** The free plan cannot log requests (SPEC.md section 6). */
  locked: boolean;
  teams: { id: number; name: string }[];
  templates: LogTemplate[];
  /** The remembered staff fields (cookies), already checked against the teams by the page. */
  remembered: { staffFirstName: string; staffEmail: string; teamId: string };
  /** The workspace's `request_timing_tip` (or the default): shown unless the template has its own. */
  timingTip: string;
  /** The workspace's time zone: "today" for "Saw the customer on". */
  timezone: string;
}

type Key = keyof Form;
/** The server may also fault the subject or the body (its `field`); they show under those. */
type ErrorKey = Key | 'interactionDate' | 'customEmailSubject' | 'customEmailContent';

const ORDER: ErrorKey[] = [
  'staffFirstName',
  'staffEmail',
  'teamId',
  'email',
  'firstName',
  'lastName',
  'interactionDate',
  'templateId',
  'customEmailSubject',
  'customEmailContent',
];
const REFRESH_AFTER_LOGGING = ['/api/dashboard', '/api/requests-report', '/api/campaigns'];
const PLACEHOLDER = /(\{(?:firstName|lastName|fullName|staffFirstName|companyName)\})/;

/**
 * Log Review Request (SPEC.md sections 2, 4, 5 and 8): the form on the left, the chosen template's
 * phone script on the right.
 *
 * Typing a name rewrites the subject and the body from the template only while that part has not
 * been edited by hand; after a hand edit it is left alone and "Refill from template" brings the
 * template back with the current names. The phone script always follows the names.
 */
interface UnsentEmail {
  customerName: string;
  link: string;
  status: string;
}

const UNSENT_HEADLINES: Record<string, string> = {
  'not sent: no SMTP': 'The email was not sent: this workspace does not send email.',
  retrying: 'The email could not be sent yet. It will be tried again automatically.',
  pending: 'The email is queued and will go out shortly.',
};

/** Honest delivery: when the email did not go, staff get the customer's link at once to send themselves. */
function UnsentEmailNote({ unsent }: { unsent: UnsentEmail }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(unsent.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div role="status" class="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950" data-testid="unsent-email">
      <p class="font-semibold">{UNSENT_HEADLINES[unsent.status] ?? 'The email could not be sent.'}</p>
      <p class="mt-1">
        {unsent.status === 'retrying' || unsent.status === 'pending' ? 'If it is urgent, copy' : 'Copy'} {unsent.customerName}'s review link and send it by text
        message or from your own email:
      </p>
      <div class="mt-3 flex flex-col gap-2 sm:flex-row">
        <input class="input font-mono text-xs" readOnly value={unsent.link} aria-label="Customer's review link" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" class="btn btn-secondary shrink-0" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
    </div>
  );
}

/** The problem with "Saw the customer on": the shared rule, and no day after today. */
function interactionDateError(value: string, today: string): string | undefined {
  return interactionDateProblem(value) ?? (value > today ? INTERACTION_DATE_FUTURE : undefined);
}

export default function LogRequestForm({ companyName, locked, teams, templates, remembered, timingTip, timezone }: Props) {
  const fresh = (): Form => ({ ...remembered, email: '', firstName: '', lastName: '', templateId: '' });
  const today = () => localDateOf(new Date(), timezone);
  const [form, setForm] = useState<Form>(fresh);
  const [interactionDate, setInteractionDate] = useState(today);
  const [rememberedEmail, setRememberedEmail] = useState(remembered.staffEmail);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors<ErrorKey>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const editor = useRef<EditorHandle | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { toast, show, dismiss } = useToast();
  const [unsent, setUnsent] = useState<UnsentEmail | null>(null);

  const template = templates.find((t) => String(t.id) === form.templateId);
  const values = (f: Form) => ({ firstName: f.firstName, lastName: f.lastName, staffFirstName: f.staffFirstName, companyName });
  const script = filledPhoneScript(template, values(form));

  const update = (key: Key, value: string) => {
    const next = { ...form, [key]: value };
    setForm(next);
    if (submitted) setErrors((e) => ({ ...logRequestFormErrors(next), interactionDate: e.interactionDate }));
    if (key === 'templateId' || key === 'firstName' || key === 'lastName' || key === 'staffFirstName') {
      const chosen = templates.find((t) => String(t.id) === next.templateId);
      setDraft((d) => nextDraft(d, chosen, values(next), key === 'templateId'));
    }
  };

  const input = (key: Key) => ({
    id: key,
    value: form[key],
    error: errors[key],
    disabled: busy,
    onInput: (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) => update(key, e.currentTarget.value),
  });

  const refill = () => template && setDraft((d) => nextDraft(d, template, values(form), true));

  const focusField = (key: ErrorKey) => {
    if (key === 'customEmailContent') editor.current?.focus();
    else formRef.current?.querySelector<HTMLElement>(`#${key === 'customEmailSubject' ? 'subject' : key}`)?.focus();
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (locked || busy) return;
    setSubmitted(true);
    const found: FieldErrors<ErrorKey> = { ...logRequestFormErrors(form), interactionDate: interactionDateError(interactionDate, today()) };
    setErrors(found);
    const first = ORDER.find((k) => found[k]);
    if (first) {
      focusField(first);
      return;
    }
    setBusy(true);
    setUnsent(null);
    try {
      const { request } = await apiRequest<{ request: { customerName: string; emailStatus: string; reviewLink: string } }>('POST', '/api/review-requests', {
        staffFirstName: form.staffFirstName.trim(),
        staffEmail: form.staffEmail.trim(),
        teamId: Number(form.teamId),
        email: form.email.trim(),
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        templateId: Number(form.templateId),
        interactionDate,
        customEmailSubject: draft.subject,
        customEmailContent: editor.current ? editor.current.html() : draft.body,
      });
      rememberStaff({ staffFirstName: form.staffFirstName.trim(), staffEmail: form.staffEmail.trim(), teamId: form.teamId });
      setForm({
        staffFirstName: form.staffFirstName.trim(),
        staffEmail: form.staffEmail.trim(),
        teamId: form.teamId,
        email: '',
        firstName: '',
        lastName: '',
        templateId: '',
      });
      setInteractionDate(today());
      setRememberedEmail(form.staffEmail.trim());
      setDraft(clearedDraft);
      setErrors({});
      setSubmitted(false);
      show({ title: 'Success', description: 'Review request logged successfully', variant: 'success' });
      if (request.emailStatus !== 'sent') setUnsent({ customerName: request.customerName, link: request.reviewLink, status: request.emailStatus });
      // Nothing on this page caches these: the fetches refresh the server-side and HTTP caches that
      // other open pages read, and the live-event stream tells those pages to redraw.
      for (const url of REFRESH_AFTER_LOGGING) fetch(url, { credentials: 'include', cache: 'no-store' }).catch(() => {});
      setBusy(false);
      setTimeout(() => focusField('email'));
    } catch (error) {
      setBusy(false);
      const message = error instanceof ApiError ? error.serverMessage : undefined;
      if (error instanceof ApiError && message && error.field && (ORDER as string[]).includes(error.field)) {
        setErrors((e) => ({ ...e, [error.field as ErrorKey]: message }));
      }
      show({ title: 'Error', description: message ?? 'Failed to log review request', variant: 'destructive' });
    }
  };

  const edited = draft.subjectEdited || draft.bodyEdited;
  const bodyDescribedBy = errors.customEmailContent ? 'body-error' : 'body-hint';

  return (
    <>
      <div class="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <form ref={formRef} onSubmit={submit} noValidate class="card space-y-8 p-5 sm:p-7" aria-label="Log review request">
          {locked && (
            <p id="upgrade-note" class="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              Your workspace is on the free plan, which cannot log review requests. An admin can upgrade it in the admin panel, under Plan &amp; billing.
            </p>
          )}
          <fieldset class="space-y-5" disabled={locked}>
            <legend class="mb-4 text-base font-semibold text-slate-900">Staff member</legend>
            <div class="grid gap-5 sm:grid-cols-2">
              <Field label="Staff First Name" autoComplete="given-name" {...input('staffFirstName')} />
              <Field
                label="Staff Email"
                type="email"
                autoComplete="email"
                inputMode="email"
                autoCapitalize="none"
                spellcheck={false}
                {...input('staffEmail')}
              />
            </div>
            <SelectField
              label="Team"
              emptyLabel={teams.length ? 'Select a team' : 'No teams yet: ask your admin to add one'}
              options={teams.map((t) => ({ value: String(t.id), label: t.name }))}
              {...input('teamId')}
            />
          </fieldset>

          <fieldset class="space-y-5 border-t border-slate-200 pt-6" disabled={locked}>
            <legend class="float-left mb-4 w-full text-base font-semibold text-slate-900">Customer</legend>
            <Field label="Customer Email" type="email" autoComplete="off" inputMode="email" autoCapitalize="none" spellcheck={false} {...input('email')} />
            <div class="grid gap-5 sm:grid-cols-2">
              <Field label="Customer First Name" autoComplete="off" {...input('firstName')} />
              <Field label="Customer Last Name" autoComplete="off" {...input('lastName')} />
            </div>
            <Field
              id="interactionDate"
              label="Saw the customer on"
              type="date"
              class="input sm:max-w-56"
              value={interactionDate}
              max={today()}
              error={errors.interactionDate}
              hint="Today unless you are logging an earlier visit."
              disabled={busy}
              onInput={(e) => {
                const value = e.currentTarget.value;
                setInteractionDate(value);
                if (submitted) setErrors((errs) => ({ ...errs, interactionDate: interactionDateError(value, today()) }));
              }}
            />
          </fieldset>

          <fieldset class="space-y-5 border-t border-slate-200 pt-6" disabled={locked}>
            <legend class="float-left mb-4 w-full text-base font-semibold text-slate-900">Email</legend>
            <SelectField
              label="Email Template"
              emptyLabel={templates.length ? 'Select a template' : 'No active templates: ask your admin to add one'}
              options={templates.map((t) => ({ value: String(t.id), label: t.name }))}
              {...input('templateId')}
            />
            <div class="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950" data-testid="timing-tip">
              <p class="flex items-center gap-2 font-semibold">
                <svg viewBox="0 0 20 20" fill="currentColor" class="h-4 w-4 text-sky-700" aria-hidden="true">
                  <path
                    fill-rule="evenodd"
                    d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .414.336.75.75.75h4a.75.75 0 0 0 0-1.5h-3.25V5Z"
                    clip-rule="evenodd"
                  />
                </svg>
                When to ask
              </p>
              <p class="mt-1 leading-relaxed whitespace-pre-line">{timingTipFor(template, timingTip)}</p>
            </div>
            <Field
              id="subject"
              label="Email Subject"
              value={draft.subject}
              error={errors.customEmailSubject}
              disabled={busy}
              onInput={(e) => {
                const subject = e.currentTarget.value;
                setDraft((d) => ({ ...d, subject, subjectEdited: true }));
              }}
            />
            <div>
              <p id="body-label" class="label">
                Email Body
              </p>
              <BodyEditor
                value={draft.body}
                version={draft.bodyVersion}
                onUserChange={(html) => setDraft((d) => editedBody(d, html))}
                disabled={busy}
                labelledBy="body-label"
                describedBy={bodyDescribedBy}
                invalid={Boolean(errors.customEmailContent)}
                handle={editor}
              />
              {errors.customEmailContent ? (
                <p id="body-error" class="field-error">
                  {errors.customEmailContent}
                </p>
              ) : (
                <p id="body-hint" class="mt-1.5 text-xs text-slate-500">
                  {edited && template ? (
                    <>
                      Edited by hand: the names no longer update it.{' '}
                      <button type="button" onClick={refill} disabled={busy} class="font-semibold text-brand-600 underline-offset-2 hover:underline">
                        Refill from template
                      </button>
                    </>
                  ) : (
                    'Placeholders such as {firstName} fill in as you type the names.'
                  )}
                </p>
              )}
            </div>
          </fieldset>

          <div class="border-t border-slate-200 pt-6">
            <button
              type="submit"
              class="btn btn-primary w-full sm:w-auto sm:min-w-48"
              disabled={busy || locked}
              aria-describedby={locked ? 'upgrade-note' : undefined}
            >
              {locked ? 'Upgrade Required' : busy ? 'Logging...' : 'Log Review Request'}
            </button>
          </div>
          {unsent && <UnsentEmailNote unsent={unsent} />}
        </form>

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
      </div>
      <FollowUps staffEmail={rememberedEmail} timezone={timezone} show={show} />
      <Toast toast={toast} onDismiss={dismiss} />
    </>
  );
}
