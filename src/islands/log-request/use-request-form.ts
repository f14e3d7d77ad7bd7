import { useState } from 'preact/hooks';
import { localDateOf } from '#shared/time.ts';
import { type FieldErrors, type LogRequestForm as Form, logRequestFormErrors } from '#shared/rules.ts';
import { type Draft, EMPTY_DRAFT, filledPhoneScript, type LogTemplate, nextDraft } from './fill.ts';
import { type ErrorKey, formFor, interactionDateError, type Key } from './log-request-form.ts';

interface Options {
  companyName: string;
  templates: LogTemplate[];
  remembered: Pick<Form, 'staffFirstName' | 'staffEmail' | 'teamId'>;
  /** The workspace's time zone: "today" for "Saw the customer on". */
  timezone: string;
  /** How a new request goes unless staff choose: email when texting is not set up. */
  defaultChannel: Form['channel'];
}

/**
 * What the log form holds: the fields, the visit's day, the email's subject and body, and the errors.
 * Once the form was submitted, the errors follow each change.
 *
 * Typing a name rewrites the subject and the body from the template only while that part has not
 * been edited by hand; after a hand edit it is left alone and `refill` brings the template back with
 * the current names. The phone script always follows the names.
 */
export function useRequestForm({ companyName, templates, remembered, timezone, defaultChannel }: Options) {
  const today = () => localDateOf(new Date(), timezone);
  const [form, setForm] = useState<Form>(() => formFor(remembered, defaultChannel));
  const [interactionDate, setInteractionDate] = useState(today);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors<ErrorKey>>({});
  const [submitted, setSubmitted] = useState(false);

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

  const changeInteractionDate = (value: string) => {
    setInteractionDate(value);
    if (submitted) setErrors((errs) => ({ ...errs, interactionDate: interactionDateError(value, today()) }));
  };

  const refill = () => template && setDraft((d) => nextDraft(d, template, values(form), true));

  return {
    defaultChannel,
    today,
    form,
    setForm,
    interactionDate,
    setInteractionDate,
    draft,
    setDraft,
    errors,
    setErrors,
    setSubmitted,
    template,
    script,
    update,
    changeInteractionDate,
    refill,
  };
}

export type RequestFormState = ReturnType<typeof useRequestForm>;

/** The props of the input (or select) for one field of the form. */
export type FieldBinding = (key: Key) => {
  id: Key;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onInput: (e: { currentTarget: HTMLInputElement | HTMLSelectElement }) => void;
};

/** Binds each field to the form: its value, its error, and its changes; all disabled while `busy`. */
export const bindFields =
  ({ form, errors, update }: RequestFormState, busy: boolean): FieldBinding =>
  (key) => ({
    id: key,
    value: form[key],
    error: errors[key],
    disabled: busy,
    onInput: (e) => update(key, e.currentTarget.value),
  });
