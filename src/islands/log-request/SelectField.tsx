import type { SelectHTMLAttributes } from 'preact';

interface Props extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'label'> {
  id: string;
  label: string;
  error?: string | undefined;
  /** The empty first choice. */
  emptyLabel: string;
  options: { value: string; label: string }[];
}

/** A labelled select with its validation message tied to it, styled like ui/Field.tsx. */
export function SelectField({ id, label, error, emptyLabel, options, ...select }: Props) {
  return (
    <div>
      <label for={id} class="label">
        {label}
      </label>
      <select
        id={id}
        name={id}
        class="input appearance-none bg-[length:1.25rem] bg-[right_0.5rem_center] bg-no-repeat pr-9"
        style={{ backgroundImage: CHEVRON }}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        <option value="">{emptyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

const CHEVRON = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%2364748b'%3E%3Cpath fill-rule='evenodd' d='M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z' clip-rule='evenodd'/%3E%3C/svg%3E")`;
