import { CheckIcon } from '../ui/CheckIcon.tsx';

const BENEFITS = [
  'Imports your Google reviews every 15 minutes, or at once with Poll Now',
  'Matches each review to the request it came from and credits the team',
  'Celebrates new reviews on the wallboard as they arrive',
  "Uses Google's secure sign-in: no password is stored, and you can disconnect at any time",
];

/** What connecting Google brings, shown before it is connected. */
export function GoogleBenefits() {
  return (
    <ul class="space-y-2 text-sm text-slate-700">
      {BENEFITS.map((text) => (
        <li key={text} class="flex gap-2">
          <CheckIcon />
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
