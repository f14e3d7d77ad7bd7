// Customers' mobile numbers (issue 29), read with libphonenumber-js and stored in E.164. Its "mobile"
// metadata knows only the numbers that can receive a text in each country, so a number it calls valid
// is a mobile one: a landline is refused before a text to it fails at Twilio. Shared with the log form.
import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/mobile';
import examples from 'libphonenumber-js/examples.mobile.json';

/** The product's default time zone is Australia/Sydney. */
export const DEFAULT_PHONE_COUNTRY = 'AU';

export type MobileNumber = { ok: true; e164: string } | { ok: false; message: string };

function example(country: string): string {
  const number = getExampleNumber(country as CountryCode, examples);
  return number ? `${number.formatNational()} or ${number.formatInternational()}` : '+61 412 345 678';
}

/** A mobile number typed in international form, or as dialled in `country` (ISO 3166 alpha-2). */
export function readMobileNumber(input: string, country: string): MobileNumber {
  const typed = input.trim();
  const message = `Enter a mobile number that can receive texts, like ${example(country)}`;
  if (!typed || !/^[+\d\s().-]+$/.test(typed)) return { ok: false, message };
  const number = parsePhoneNumberFromString(typed, country as CountryCode);
  return number?.isValid() ? { ok: true, e164: number.number } : { ok: false, message };
}

/** A number another system sent (a CRM contact's), in E.164; null when it is empty or no mobile number. */
export function mobileE164(typed: string | null, country: string): string | null {
  if (!typed) return null;
  const read = readMobileNumber(typed, country);
  return read.ok ? read.e164 : null;
}

/** An E.164 number as people read it (+61 412 345 678). */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
