import { Field } from '../ui/Field.tsx';
import type { FieldBinding, RequestFormState } from './use-request-form.ts';

interface Props {
  input: FieldBinding;
  state: RequestFormState;
  locked: boolean;
  busy: boolean;
}

/** Who the request goes to, and the day staff saw them. */
export function CustomerFields({ input, state, locked, busy }: Props) {
  return (
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
