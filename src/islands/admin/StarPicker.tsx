import { useState } from 'preact/hooks';

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.25 4.14 1 5.86L10 14.9l-5.25 2.8 1-5.86L1.5 7.7l5.9-.9L10 1.5Z';

interface StarPickerProps {
  /** Unique name for the radio group. */
  name: string;
  legend: string;
  value: number;
  onChange: (rating: number) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * A 1-5 star rating on native radios: arrow keys move between stars, each star has a spoken label,
 * and hovering previews the choice.
 */
export function StarPicker({ name, legend, value, onChange, disabled = false, error }: StarPickerProps) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value;
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend class="label">{legend}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the mouse only previews; the radio buttons inside take the keyboard */}
      <div class="flex items-center gap-1" onMouseLeave={() => setHover(null)}>
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            class={`group relative cursor-pointer rounded-md p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
            onMouseEnter={() => !disabled && setHover(stars)}
          >
            <input
              type="radio"
              name={name}
              value={String(stars)}
              checked={value === stars}
              disabled={disabled}
              class="sr-only"
              onChange={() => onChange(stars)}
            />
            <span class="sr-only">{`${stars} ${stars === 1 ? 'star' : 'stars'}`}</span>
            <svg
              viewBox="0 0 20 20"
              class={`h-7 w-7 transition ${stars <= shown ? 'text-amber-400' : 'text-slate-200'}`}
              fill="currentColor"
              aria-hidden="true"
            >
              <path d={STAR_PATH} />
            </svg>
          </label>
        ))}
        <span class="ml-2 text-sm text-slate-600 tabular-nums" aria-hidden="true">
          {value} / 5
        </span>
      </div>
      {error && (
        <p id={`${name}-error`} class="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
