import { describe, expect, it } from 'vitest';
import { canonicalTimeZone } from '#shared/settings-rules.ts';
import { countryOfTimeZone } from './zone-countries.ts';

describe('countryOfTimeZone', () => {
  it('knows the country of a zone under its IANA name and under the name the time zone setting stores', () => {
    for (const [zone, country] of [
      ['Australia/Sydney', 'AU'],
      ['Pacific/Auckland', 'NZ'],
      ['Europe/London', 'GB'],
      ['America/New_York', 'US'],
      ['Asia/Kolkata', 'IN'],
      ['Europe/Kyiv', 'UA'],
    ] as const) {
      expect(countryOfTimeZone(zone), zone).toBe(country);
      expect(countryOfTimeZone(canonicalTimeZone(zone)!), `${zone} as stored`).toBe(country);
    }
    expect(countryOfTimeZone('UTC')).toBeNull();
  });
});
