import type { InputHTMLAttributes, Ref } from 'preact';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'label' | 'prefix'> {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  prefix?: string;
  /** What the input submits under: its id unless given; `undefined` leaves unnamed an input only a script reads. */
  name?: string;
  /** The input itself, for a caller that moves the focus to it (`ref` on a component is the component's own). */
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input with its validation message tied to it for screen readers. */
export function Field({ id, label, error, hint, prefix, inputRef, ...input }: FieldProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const control = (
    <input
      ref={inputRef}
      id={id}
      name={id}
      class={`input ${prefix ? 'rounded-l-none' : ''}`}
      aria-invalid={error ? 'true' : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div>
      <label for={id} class="label">
        {label}
      </label>
      {prefix ? (
        <div class="flex">
          <span class="inline-flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-500">{prefix}</span>
          {control}
        </div>
      ) : (
        control
      )}
      {error ? (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} class="mt-1 text-xs text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** The workspace's address, shown after the site's own (login, registration, forgotten password). */
export function DashboardUrlField({ origin, ...field }: Omit<FieldProps, 'label' | 'prefix'> & { origin: string }) {
  return (
    <Field
      label="Dashboard URL"
      prefix={`${origin.replace(/^https?:\/\//, '')}/`}
      placeholder="your-business"
      autoCapitalize="none"
      spellcheck={false}
      {...field}
    />
  );
}
