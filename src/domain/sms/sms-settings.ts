import type { Db } from '#platform/db/database.ts';
import { readSettings } from '#domain/workspace/settings.ts';
import { DEFAULT_PHONE_COUNTRY } from '#shared/phone.ts';
import { countryOfTimeZone } from './zone-countries.ts';
import { DEFAULT_SMS_QUIET_END, DEFAULT_SMS_QUIET_START } from '#shared/quiet-hours.ts';
import { DEFAULT_TIMEZONE, SMS_SETTING_KEYS } from '#shared/settings-rules.ts';
import type { RequestChannel } from '#shared/statuses.ts';

/** The settings texting reads, with their defaults filled in. */
export interface SmsSettings {
  defaultChannel: RequestChannel;
  quietStart: string;
  quietEnd: string;
  /** Where a national number is read (ISO 3166 alpha-2). */
  phoneCountry: string;
  timeZone: string;
}

export async function readSmsSettings(db: Db, workspaceId: number): Promise<SmsSettings> {
  const { defaultChannel, quietStart, quietEnd, phoneCountry } = SMS_SETTING_KEYS;
  const values = await readSettings(db, workspaceId, [defaultChannel, quietStart, quietEnd, phoneCountry, 'timezone']);
  const timeZone = values.get('timezone') || DEFAULT_TIMEZONE;
  return {
    defaultChannel: (values.get(defaultChannel) || 'email') as RequestChannel,
    quietStart: values.get(quietStart) || DEFAULT_SMS_QUIET_START,
    quietEnd: values.get(quietEnd) || DEFAULT_SMS_QUIET_END,
    // A workspace that never chose reads numbers in the country of its time zone.
    phoneCountry: values.get(phoneCountry) || countryOfTimeZone(timeZone) || DEFAULT_PHONE_COUNTRY,
    timeZone,
  };
}
