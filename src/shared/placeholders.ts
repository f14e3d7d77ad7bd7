// Template placeholders (SPEC.md section 3). Plain code with no dependencies: the log form's live
// preview in the browser and the server use this one implementation.

export const PLACEHOLDERS = ['{firstName}', '{lastName}', '{fullName}', '{staffFirstName}', '{companyName}'] as const;

export interface PlaceholderValues {
  firstName?: string;
  lastName?: string;
  staffFirstName?: string;
  companyName?: string;
}

/**
 * Replaces each placeholder with its value; a placeholder whose value is empty stays literal, so
 * the person editing sees what is still missing. {fullName} needs both names.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues, escapeValue: (value: string) => string = (v) => v): string {
  const first = values.firstName?.trim() ?? '';
  const last = values.lastName?.trim() ?? '';
  const byName: Record<string, string> = {
    firstName: first,
    lastName: last,
    fullName: first && last ? `${first} ${last}` : '',
    staffFirstName: values.staffFirstName?.trim() ?? '',
    companyName: values.companyName?.trim() ?? '',
  };
  return text.replace(/\{(firstName|lastName|fullName|staffFirstName|companyName)\}/g, (whole, name: string) =>
    byName[name] ? escapeValue(byName[name]!) : whole,
  );
}

/** For HTML bodies: values typed by staff are text, never markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
