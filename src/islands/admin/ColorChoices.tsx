import { TEAM_COLORS } from '#shared/team-rules.ts';

interface ColorChoicesProps {
  /** Radio group name, unique on the page. */
  name: string;
  value: string;
  onChange: (color: string) => void;
  disabled?: boolean;
}

/** The six team colours as a radio group of swatches (arrow keys move between them). */
export function ColorChoices({ name, value, onChange, disabled }: ColorChoicesProps) {
  return (
    <fieldset disabled={disabled}>
      <legend class="label">Colour</legend>
      <div class="flex flex-wrap gap-2">
        {TEAM_COLORS.map((color) => (
          <label key={color.value} class="relative cursor-pointer" title={color.name}>
            <input
              type="radio"
              name={name}
              value={color.value}
              checked={value.toUpperCase() === color.value}
              onChange={() => onChange(color.value)}
              class="peer sr-only"
            />
            <span
              aria-hidden="true"
              class="grid h-9 w-9 place-items-center rounded-full ring-offset-2 transition peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-500 peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
              style={{ backgroundColor: color.value }}
            >
              {value.toUpperCase() === color.value && (
                <svg viewBox="0 0 20 20" class="h-4 w-4 text-white" fill="currentColor" aria-hidden="true">
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
              )}
            </span>
            <span class="sr-only">{color.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
