import { Field } from '../ui/Field.tsx';
import type { RequestChannel } from '#shared/statuses.ts';
import type { FieldBinding, RequestFormState } from './use-request-form.ts';

interface Props {
  input: FieldBinding;
  state: RequestFormState;
  locked: boolean;
  busy: boolean;
  /** Texting is set up (an SMS card with a Twilio account): the form offers a text. */
  canText: boolean;
}

const CHANNELS: { value: RequestChannel; label: string }[] = [
  { value: 'sms', label: 'Text message' },
  { value: 'email', label: 'Email' },
  { value: 'both', label: 'Both' },
];

/** Who the request goes to, how, and the day staff saw them. */
export function CustomerFields({ input, state, locked, busy, canText }: Props) {
  const { channel } = state.form;
  return (
    <fieldset class="space-y-5 border-t border-slate-200 pt-6" disabled={locked}>
      <legend class="float-left mb-4 w-full text-base font-semibold text-slate-900">Customer</legend>
      {canText && (
        <div role="radiogroup" aria-label="Send the request by" class="clear-both">
          <p class="label">Send by</p>
          <div class="inline-flex flex-wrap gap-2">
            {CHANNELS.map((choice) => (
              <label
                key={choice.value}
                class={`cursor-pointer rounded-lg border px-3 py-2 text-sm font-medium ${channel === choice.value ? 'border-blue-600 bg-blue-50 text-blue-800' : 'border-slate-300 text-slate-700 hover:bg-slate-50'}`}
              >
                <input
                  type="radio"
                  name="channel"
                  value={choice.value}
                  class="sr-only"
                  checked={channel === choice.value}
                  disabled={busy}
                  onChange={() => state.update('channel', choice.value)}
                />
                {choice.label}
              </label>
            ))}
          </div>
        </div>
      )}
      {channel !== 'email' && (
        <Field
          label="Customer Mobile"
          type="tel"
          autoComplete="off"
          inputMode="tel"
          hint="As you would dial it, or with + and the country code."
          {...input('phone')}
        />
      )}
      {channel !== 'sms' && (
        <Field label="Customer Email" type="email" autoComplete="off" inputMode="email" autoCapitalize="none" spellcheck={false} {...input('email')} />
      )}
      <div class="grid gap-5 sm:grid-cols-2">
        <Field label="Customer First Name" autoComplete="off" {...input('firstName')} />
        <Field label="Customer Last Name" autoComplete="off" {...input('lastName')} />
      </div>
      <Field
        id="interactionDate"
        label="Saw the customer on"
        type="date"
        class="input sm:max-w-56"
        value={state.interactionDate}
        max={state.today()}
        error={state.errors.interactionDate}
        hint="Today unless you are logging an earlier visit."
        disabled={busy}
        onInput={(e) => state.changeInteractionDate(e.currentTarget.value)}
      />
    </fieldset>
  );
}
