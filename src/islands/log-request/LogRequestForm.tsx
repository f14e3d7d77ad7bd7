import { Toast, useToast } from '../ui/toast.tsx';
import { CustomerFields } from './CustomerFields.tsx';
import { EmailFields } from './EmailFields.tsx';
import type { LogTemplate } from './fill.ts';
import { FollowUps } from './FollowUps.tsx';
import { PhoneScript } from './PhoneScript.tsx';
import { useSmsPreview } from './use-sms-preview.ts';
import type { RequestChannel } from '#shared/statuses.ts';
import { StaffFields } from './StaffFields.tsx';
import { UnsentEmailNote } from './UnsentEmailNote.tsx';
import { useLogSubmit } from './use-log-submit.ts';
import { bindFields, useRequestForm } from './use-request-form.ts';

interface Props {
  companyName: string;
  /** The workspace's slug: the person's desk card is one of its pages. */
  slug: string;
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
  /** Texting: whether it is set up, how requests go by default, and where review links start. */
  texting: { canText: boolean; defaultChannel: RequestChannel; linkBase: string };
}

/**
 * Log Review Request (SPEC.md sections 2, 4, 5 and 8): the form on the left, the chosen template's
 * phone script on the right, and the staff member's follow-ups under them.
 */
export default function LogRequestForm({ companyName, slug, locked, teams, templates, remembered, timingTip, timezone, texting }: Props) {
  const { toast, show, dismiss } = useToast();
  const state = useRequestForm({ companyName, templates, remembered, timezone, defaultChannel: texting.canText ? texting.defaultChannel : 'email' });
  const { form } = state;
  const SmsPreview = useSmsPreview(form.channel !== 'email');
  const { busy, unsent, rememberedEmail, editor, formRef, submit } = useLogSubmit(state, { locked, initialEmail: remembered.staffEmail, show });
  const input = bindFields(state, busy);

  return (
    <>
      <div class="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <form ref={formRef} onSubmit={submit} noValidate class="card space-y-8 p-5 sm:p-7" aria-label="Log review request">
          {locked && (
            <p id="upgrade-note" class="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              Your workspace is on the free plan, which cannot log review requests. An admin can upgrade it in the admin panel, under Plan &amp; billing.
            </p>
          )}
          {/* Where the eye is after logging: the form empties and starts again from the top. */}
          {unsent && <UnsentEmailNote unsent={unsent} />}
          <StaffFields input={input} teams={teams} locked={locked} />
          <CustomerFields input={input} state={state} locked={locked} busy={busy} canText={texting.canText} />
          <EmailFields input={input} state={state} templates={templates} timingTip={timingTip} locked={locked} busy={busy} editor={editor} />
          {form.channel !== 'email' && SmsPreview && (
            <SmsPreview
              template={state.template?.smsBody}
              values={{ firstName: form.firstName, lastName: form.lastName, staffFirstName: form.staffFirstName, companyName }}
              linkBase={texting.linkBase}
            />
          )}

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
        </form>

        <PhoneScript template={state.template} script={state.script} />
      </div>
      <FollowUps staffEmail={rememberedEmail} slug={slug} timezone={timezone} show={show} />
      <Toast toast={toast} onDismiss={dismiss} />
    </>
  );
}
