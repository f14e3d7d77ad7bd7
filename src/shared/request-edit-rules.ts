// The rules of the "Edit Review Request" dialog (SPEC.md section 2 "Dialogs"), with the log form's
// messages of SPEC.md section 5. Plain functions (decision 006): the admin card checks with them, and
// the server's schema (edit-payload.ts) is built from them.

import { EMAIL_MAX, isEmail } from './rules.ts';

export const NAME_MAX = 100;

export interface RequestEditForm {
  firstName: string;
  lastName: string;
  email: string;
  staffFirstName: string;
  teamId: string;
}

function nameProblem(value: string, required: string, label: string): string | undefined {
  const name = value.trim();
  if (!name) return required;
  if (name.length > NAME_MAX) return `${label} must be at most ${NAME_MAX} characters`;
  return undefined;
}

export const requestEditRules = {
  firstName: (v: string) => nameProblem(v, 'Customer first name is required', 'Customer first name'),
  lastName: (v: string) => nameProblem(v, 'Customer last name is required', 'Customer last name'),
  email: (v: string) => {
    const email = v.trim();
    if (!email) return 'Customer email is required';
    if (email.length > EMAIL_MAX || !isEmail(email)) return 'Please enter a valid email address';
    return undefined;
  },
  staffFirstName: (v: string) => nameProblem(v, 'Staff first name is required', 'Staff first name'),
  teamId: (v: string) => (/^[1-9]\d{0,8}$/.test(v.trim()) ? undefined : 'Team selection is required'),
};

export type RequestEditErrors = Partial<Record<keyof RequestEditForm, string>>;

export function requestEditErrors(form: RequestEditForm): RequestEditErrors {
  const errors: RequestEditErrors = {};
  for (const key of Object.keys(requestEditRules) as (keyof RequestEditForm)[]) {
    const problem = requestEditRules[key](form[key]);
    if (problem) errors[key] = problem;
  }
  return errors;
}
