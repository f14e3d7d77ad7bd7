import type { CrmBody } from './payload.ts';

// What a HighLevel workflow's Webhook action says about a contact to ask for a review (decision 041).
// The standard action sends the contact at the top level in snake_case (contact_id, first_name,
// last_name, full_name, email, phone), location {id, name}, workflow {id, name}, triggerData, a
// `contact` object and customData (INTEGRATIONS.md; a captured body is in request-payload.test.ts).
// Where HighLevel puts the contact's assigned user is UNVERIFIED, so every plausible place is read:
// a `user` object, `assignedUser` / `assigned_user`, `assigned_to` (an email, or a user id that
// names nobody here), `contact.assignedTo`, and custom values the workflow's author maps
// (customData.staffEmail / staff_email / staffFirstName / staff_first_name, ...).

export interface CrmContact {
  contactId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  /** The contact's phone as HighLevel sends it; empty when none. */
  phone: string;
  locationId: string | null;
  workflowId: string | null;
}

/** The contact's assigned user, as far as the delivery names one. */
export interface CrmAssignedUser {
  firstName: string;
  email: string;
}

export interface CrmRequestRead {
  contact: CrmContact;
  /** Null when the delivery names no assigned user with an email. */
  staff: CrmAssignedUser | null;
}

const SHORT_MAX = 200;

const CONTACT_SPELLINGS = {
  contactId: ['contact_id', 'contactId'],
  firstName: ['first_name', 'firstName'],
  lastName: ['last_name', 'lastName'],
  fullName: ['full_name', 'fullName', 'name'],
  email: ['email', 'contact_email', 'contactEmail'],
  phone: ['phone', 'phone_number', 'phoneNumber', 'contact_phone', 'contactPhone'],
} as const;

/** Where the contact's own values may be, in order: the top level, then a nested contact. */
const CONTACT_PLACES = [null, 'contact', 'customData', 'custom_data'] as const;

const USER_OBJECTS = ['user', 'assignedUser', 'assigned_user', 'assignedTo', 'assigned_to', 'owner', 'staff'] as const;
const STAFF_EMAILS = ['staffEmail', 'staff_email', 'assignedUserEmail', 'assigned_user_email', 'userEmail', 'user_email'] as const;
const STAFF_FIRST_NAMES = [
  'staffFirstName',
  'staff_first_name',
  'staffName',
  'staff_name',
  'assignedUserFirstName',
  'assigned_user_first_name',
  'userFirstName',
  'user_first_name',
] as const;

export function readCrmRequest(body: CrmBody): CrmRequestRead {
  const contactValue = (names: readonly string[]) =>
    firstText(
      CONTACT_PLACES.map((place) => (place === null ? body : body[place])),
      names,
    );
  let firstName = contactValue(CONTACT_SPELLINGS.firstName) ?? '';
  let lastName = contactValue(CONTACT_SPELLINGS.lastName) ?? '';
  // A contact with only a full name is split at its first space.
  if (!firstName) {
    const full = contactValue(CONTACT_SPELLINGS.fullName) ?? '';
    const space = full.indexOf(' ');
    firstName = space < 0 ? full : full.slice(0, space);
    if (!lastName && space >= 0) lastName = full.slice(space + 1).trim();
  }
  const location = record(body.location);
  const workflow = record(body.workflow);
  const contact: CrmContact = {
    contactId: contactValue(CONTACT_SPELLINGS.contactId) ?? text(record(body.contact)?.id),
    firstName,
    lastName,
    email: contactValue(CONTACT_SPELLINGS.email) ?? '',
    phone: contactValue(CONTACT_SPELLINGS.phone) ?? '',
    locationId: text(location?.id) ?? text(body.location_id ?? body.locationId),
    workflowId: text(workflow?.id) ?? text(body.workflow_id ?? body.workflowId),
  };
  return { contact, staff: readAssignedUser(body) };
}

function readAssignedUser(body: CrmBody): CrmAssignedUser | null {
  const custom = [body.customData, body.custom_data, body];
  const contact = record(body.contact);
  // Objects first: they carry the user's name beside the email.
  const objects = [...USER_OBJECTS.map((name) => body[name]), contact?.assignedTo, contact?.assigned_to, contact?.assignedUser, record(body.customData)?.user];
  for (const value of objects) {
    const user = record(value);
    if (!user) continue;
    const email = emailText(firstText([user], ['email', 'emailAddress', 'email_address']));
    if (!email) continue;
    const named = firstText([user], ['firstName', 'first_name']) ?? firstWord(firstText([user], ['name', 'fullName', 'full_name']));
    return { email, firstName: named ?? firstText(custom, STAFF_FIRST_NAMES) ?? nameFromEmail(email) };
  }
  // Then loose values: a mapped staff email, or assigned_to / assignedTo holding an email (a user id
  // names nobody here and is passed over).
  const email =
    emailText(firstText(custom, STAFF_EMAILS)) ??
    emailText(text(body.assigned_to)) ??
    emailText(text(body.assignedTo)) ??
    emailText(text(contact?.assignedTo)) ??
    emailText(text(contact?.assigned_to));
  if (!email) return null;
  return { email, firstName: firstText(custom, STAFF_FIRST_NAMES) ?? nameFromEmail(email) };
}

function firstText(places: readonly unknown[], names: readonly string[]): string | null {
  for (const place of places) {
    const values = record(place);
    if (!values) continue;
    for (const name of names) {
      const value = text(values[name]);
      if (value) return value;
    }
  }
  return null;
}

function record(value: unknown): CrmBody | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as CrmBody) : null;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this replaces
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Text without NULs or control characters, trimmed and cut to size; null when empty or not text. */
function text(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const cleaned = String(value).replace(CONTROL_CHARACTERS, ' ').trim();
  // HighLevel leaves an unfilled merge field as "{{contact.email}}" or an empty string.
  if (!cleaned || /^\{\{.*\}\}$/.test(cleaned) || cleaned === 'null' || cleaned === 'undefined') return null;
  return cleaned.slice(0, SHORT_MAX);
}

function emailText(value: string | null): string | null {
  return value && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? value : null;
}

function firstWord(value: string | null): string | null {
  return value ? (value.split(/\s+/)[0] ?? null) : null;
}

/** "jane.doe@clinic.com" → "Jane": a first name when the delivery gives only an email. */
function nameFromEmail(email: string): string {
  const local = email.split('@')[0]!.split(/[._+-]/)[0] ?? '';
  return local ? local[0]!.toUpperCase() + local.slice(1) : email;
}
