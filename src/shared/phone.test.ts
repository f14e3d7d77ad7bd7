import { describe, expect, it } from 'vitest';
import { mobileE164, readMobileNumber } from './phone.ts';

describe('readMobileNumber', () => {
  it('reads a national mobile number in the workspace’s country, and an international one anywhere', () => {
    expect(readMobileNumber('0412 345 678', 'AU')).toEqual({ ok: true, e164: '+61412345678' });
    expect(readMobileNumber('+61 412 345 678', 'US')).toEqual({ ok: true, e164: '+61412345678' });
    expect(readMobileNumber('021 123 4567', 'NZ')).toEqual({ ok: true, e164: '+64211234567' });
    expect(readMobileNumber('07400 123456', 'GB')).toEqual({ ok: true, e164: '+447400123456' });
  });

  it('refuses a landline, nonsense and nothing, with an example from the country', () => {
    for (const typed of ['02 9999 9999', 'call me', '', '12']) {
      const read = readMobileNumber(typed, 'AU');
      expect(read.ok, typed).toBe(false);
      if (!read.ok) expect(read.message).toMatch(/^Enter a mobile number that can receive texts, like 04\d\d \d{3} \d{3} or \+61 4/);
    }
  });
});

describe('mobileE164', () => {
  it("reads another system's number in the workspace's country, and gives nothing for a landline or nothing", () => {
    expect(mobileE164('0412 345 678', 'AU')).toBe('+61412345678');
    expect(mobileE164('+61 412 345 678', 'NZ')).toBe('+61412345678');
    expect(mobileE164('02 9374 4000', 'AU')).toBeNull();
    expect(mobileE164('', 'AU')).toBeNull();
    expect(mobileE164(null, 'AU')).toBeNull();
  });
});
