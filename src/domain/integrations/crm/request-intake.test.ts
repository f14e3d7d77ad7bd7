import { describe, expect, it } from 'vitest';
import { crmChannel } from './request-intake.ts';

describe('crmChannel', () => {
  it('asks the way the workspace asks where the contact can be reached so, else the one way it can', () => {
    const both = { email: 'ana@example.com', phone: '+61412555010' };
    expect(crmChannel({ ...both, defaultChannel: 'email' })).toBe('email');
    expect(crmChannel({ ...both, defaultChannel: 'sms' })).toBe('sms');
    expect(crmChannel({ ...both, defaultChannel: 'both' })).toBe('both');
    expect(crmChannel({ email: '', phone: '+61412555010', defaultChannel: 'email' })).toBe('sms');
    expect(crmChannel({ email: 'ana@example.com', phone: '', defaultChannel: 'sms' })).toBe('email');
    expect(crmChannel({ email: '', phone: '', defaultChannel: 'both' })).toBeNull();
  });
});
