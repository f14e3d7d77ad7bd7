import type { Ref } from 'preact';
import { TEMPLATE_NAME_MAX, TEMPLATE_PHONE_SCRIPT_MAX, TEMPLATE_SUBJECT_MAX, TEMPLATE_TIMING_TIP_MAX } from '#shared/template-rules.ts';
import { DEFAULT_SMS_TEXT, REVIEW_LINK_PLACEHOLDER, SMS_TEXT_MAX } from '#shared/sms-text.ts';
import { smsSegments } from '#shared/sms-segments.ts';
import { Field } from '../ui/Field.tsx';
import { TemplateBodyEditor } from './TemplateBodyEditor.tsx';
import type { Draft, FieldErrors, FieldName } from './template-draft.ts';

interface TemplateFieldsProps {
  idPrefix: string;
  draft: Draft;
  /** Changes when the body was set from outside the editor. */
  bodyVersion: number;
  errors: FieldErrors;
  disabled: boolean;
  nameRef?: Ref<HTMLInputElement>;
  onChange: (change: Partial<Draft>) => void;
}

/** The fields of a template, shared by the create form and the edit dialog. */
export function TemplateFields({ idPrefix, draft, bodyVersion, errors, disabled, nameRef, onChange }: TemplateFieldsProps) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const described = (field: FieldName, hint?: boolean) =>
    [errors[field] ? `${id(field)}-error` : undefined, hint ? `${id(field)}-hint` : undefined].filter(Boolean).join(' ') || undefined;
  const error = (field: FieldName) =>
    errors[field] && (
      <p id={`${id(field)}-error`} class="field-error">
        {errors[field]}
      </p>
    );

  return (
    <>
      <Field
        id={id('name')}
        name={undefined}
        label="Template name"
        inputRef={nameRef}
        value={draft.name}
        maxLength={TEMPLATE_NAME_MAX}
        placeholder="e.g. After an appointment"
        autoComplete="off"
        disabled={disabled}
        error={errors.name}
        onInput={(e) => onChange({ name: e.currentTarget.value })}
      />
      <Field
        id={id('subject')}
        name={undefined}
        label="Subject"
        value={draft.subject}
        maxLength={TEMPLATE_SUBJECT_MAX}
        placeholder="e.g. Thanks for choosing {companyName}, {firstName}"
        autoComplete="off"
        disabled={disabled}
        error={errors.subject}
        onInput={(e) => onChange({ subject: e.currentTarget.value })}
      />
      <div>
        {/* Not a <label>: the editor is no form control; it takes its name from this (aria-labelledby). */}
        <p id={id('htmlContent-label')} class="label">
          Email body
        </p>
        <TemplateBodyEditor
          value={draft.htmlContent}
          version={bodyVersion}
          onUserChange={(html) => onChange({ htmlContent: html })}
          disabled={disabled}
          labelledBy={id('htmlContent-label')}
          describedBy={described('htmlContent')}
          invalid={Boolean(errors.htmlContent)}
        />
        {error('htmlContent')}
      </div>
      <div>
        <label for={id('phoneScript')} class="label">
          Phone script <span class="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={id('phoneScript')}
          class="input"
          rows={4}
          value={draft.phoneScript}
          maxLength={TEMPLATE_PHONE_SCRIPT_MAX}
          placeholder="What staff read to the customer on the phone, e.g. Hi {firstName}, it's {staffFirstName} from {companyName}..."
          disabled={disabled}
          aria-invalid={errors.phoneScript ? 'true' : undefined}
          aria-describedby={described('phoneScript')}
          onInput={(e) => onChange({ phoneScript: e.currentTarget.value })}
        />
        {error('phoneScript')}
      </div>
      <div>
        <label for={id('timingTip')} class="label">
          Best time to ask <span class="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={id('timingTip')}
          class="input"
          rows={2}
          value={draft.timingTip}
          maxLength={TEMPLATE_TIMING_TIP_MAX}
          placeholder="e.g. Ask at the front desk once the treatment is done, while they are still smiling"
          disabled={disabled}
          aria-invalid={errors.timingTip ? 'true' : undefined}
          aria-describedby={described('timingTip', true)}
          onInput={(e) => onChange({ timingTip: e.currentTarget.value })}
        />
        {error('timingTip')}
        <p id={`${id('timingTip')}-hint`} class="mt-1 text-xs text-slate-500">
          Shown on the log form when staff choose this template. Left empty, they see the workspace's tip.
        </p>
      </div>
      <div>
        <label for={id('smsBody')} class="label">
          Text message <span class="font-normal text-slate-500">(optional)</span>
        </label>
        <textarea
          id={id('smsBody')}
          class="input"
          rows={3}
          value={draft.smsBody}
          maxLength={SMS_TEXT_MAX}
          placeholder={DEFAULT_SMS_TEXT}
          disabled={disabled}
          aria-invalid={errors.smsBody ? 'true' : undefined}
          aria-describedby={described('smsBody', true)}
          onInput={(e) => onChange({ smsBody: e.currentTarget.value })}
        />
        {error('smsBody')}
        <p id={`${id('smsBody')}-hint`} class="mt-1 text-xs text-slate-500">
          Sent when staff ask by text. Put {REVIEW_LINK_PLACEHOLDER} where the review link goes; left empty, the text shown greyed out is sent.
          {draft.smsBody.trim() &&
            ` About ${smsSegments(draft.smsBody.replace(REVIEW_LINK_PLACEHOLDER, 'x'.repeat(60))).segments} message(s) once names and the link are in.`}
        </p>
      </div>
      <div class="flex items-start gap-3">
        <input
          id={id('active')}
          type="checkbox"
          class="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
          checked={draft.isActive}
          disabled={disabled}
          aria-describedby={`${id('active')}-hint`}
          onChange={(e) => onChange({ isActive: e.currentTarget.checked })}
        />
        <div>
          <label for={id('active')} class="text-sm font-medium text-slate-700">
            Active
          </label>
          <p id={`${id('active')}-hint`} class="text-xs text-slate-500">
            Staff can choose active templates on the log form.
          </p>
        </div>
      </div>
    </>
  );
}
