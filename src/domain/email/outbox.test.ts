import { describe, expect, it } from 'vitest';
import { emailJobId, isPermanentRefusal } from './outbox.ts';

const refusal = (responseCode: number, response: string) => Object.assign(new Error(response), { responseCode, response });

describe('isPermanentRefusal', () => {
  it('is permanent only when the server says the address itself is wrong (5xx with a 5.1.x status)', () => {
    expect(isPermanentRefusal(refusal(550, '550 5.1.1 <sam@example.test>: Recipient address rejected: User unknown'))).toBe(true);
    expect(isPermanentRefusal(refusal(553, '553 5.1.3 Bad recipient address syntax'))).toBe(true);
    expect(isPermanentRefusal(refusal(550, '550 5.1.10 RESOLVER.ADR.RecipientNotFound'))).toBe(true);
  });

  it('tries again on everything else: refused connections, 4xx, and 5xx that do not blame the address', () => {
    expect(isPermanentRefusal(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' }))).toBe(false);
    expect(isPermanentRefusal(refusal(421, '421 4.7.0 Try again later'))).toBe(false);
    expect(isPermanentRefusal(refusal(450, '450 4.1.1 Mailbox temporarily unavailable'))).toBe(false);
    expect(isPermanentRefusal(refusal(554, '554 Service unavailable; client host blocked'))).toBe(false);
    expect(isPermanentRefusal(refusal(550, '550 Sending quota exceeded'))).toBe(false);
    expect(isPermanentRefusal(refusal(550, '550 5.7.1 Relaying denied'))).toBe(false);
    expect(isPermanentRefusal('550 5.1.1 as a bare string')).toBe(false);
    expect(isPermanentRefusal(null)).toBe(false);
  });
});

describe('emailJobId', () => {
  it('names one job per message and send round, as a UUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(emailJobId(7, 0)).toMatch(uuid);
    expect(emailJobId(7, 0)).toBe(emailJobId(7, 0));
    expect(new Set([emailJobId(7, 0), emailJobId(7, 1), emailJobId(70, 0), emailJobId(8, 0)]).size).toBe(4);
  });
});
